/**
 * Issue 33, seen in the playground (Chromium), opened at `?api=opensea` on the state `npm start` leaves (the demo's
 * actions run first): the page shows what the wallet will be asked to sign or send, from OpenSea's book. A sale into
 * an OpenSea offer pays exactly what the form showed; the Cancel tab cancels the user's OpenSea listing and offer;
 * every OpenSea listing shown is swept in one transaction.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import {
  type Address,
  createPublicClient,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  http,
  type PublicClient,
  parseEther,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runDemoActions } from "../../demo/demoActions.js"
import { type Devnet, devnetUser, startDevnet } from "../../devnet/index.js"
import { listForSweep } from "../../devnet/opensea/sweepListings.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { findChromium } from "./findChromium.js"
import { runPanel } from "./playgroundPage.js"

let devnet: Devnet
let playground: PlaygroundServer
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
let origin: PublicClient

const user = (n: number): Address => devnetUser(devnet, n).address
const ownerOf = (id: bigint) =>
  origin.readContract({ address: devnet.contracts.origin.punks, abi: erc721Abi, functionName: "ownerOf", args: [id] })
const unitsOf = (contract: Address, owner: Address, id: bigint) =>
  origin.readContract({ address: contract, abi: erc1155Abi, functionName: "balanceOf", args: [owner, id] })
const wethOf = (address: Address) =>
  origin.readContract({
    address: devnet.contracts.origin.weth,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  })
const nonceOf = (address: Address) => origin.getTransactionCount({ address, blockTag: "latest" })
/** The order hash of a token's best OpenSea order, read straight from the devnet's OpenSea (with its key). */
const bestHash = async (side: "listings" | "offers", tokenId: number): Promise<string | undefined> => {
  const response = await fetch(
    `${devnet.openSea.apiBaseUrl}/api/v2/${side}/collection/devnet-punks/nfts/${tokenId}/best`,
    {
      headers: { "x-api-key": devnet.openSea.apiKey },
    },
  )
  return response.status === 404 ? undefined : ((await response.json()) as { order_hash: string }).order_hash
}

/** Waits for OpenSea's book as read after the latest read of the market. */
const bookRead = async () => {
  const wallet = page.locator("[data-testid=wallet][data-loading=false]")
  await wallet.waitFor({ timeout: 15_000 })
  const market = await wallet.getAttribute("data-refreshed-at")
  await page
    .locator(`[data-testid=opensea-book][data-loading=false][data-read-for="${market}"]`)
    .waitFor({ timeout: 30_000 })
}

/** Acts as user `n`, on OpenSea's book as read for that user. */
const actAs = async (n: number) => {
  await page.selectOption("[data-testid=account-select]", user(n))
  await bookRead()
}

describe("trading on OpenSea's book in the playground, in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    await runDemoActions(devnet)
    // Two fresh OpenSea listings by user 3, so that a sweep has several to take.
    await listForSweep(devnet, devnetUser(devnet, 3), 2, parseEther("0.05"))
    playground = await servePlayground({ devnet, log: false })
    origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${playground.url}?api=opensea`)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
  }, 300_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await playground?.stop()
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  it("sells #16 into OpenSea's collection offer: the form shows that offer, and the WETH received is the amount shown", async () => {
    await actAs(3)
    await page.click("[data-testid=tab-sell]")
    await page.selectOption("[data-testid=panel-sell] select[name=token]", `${devnet.contracts.origin.punks}:16`)
    const offer = page.locator("[data-testid=panel-sell] [data-testid=sell-offer]")
    await offer.waitFor({ timeout: 5_000 })
    // OpenSea's best offer for #16 is user 2's 0.04 WETH on any Devnet Punk, not the Reservoir book's 0.03 WETH bid.
    expect(await offer.getAttribute("data-order-hash")).toBe(await bestHash("offers", 16))
    expect(await offer.locator("[data-testid=sell-price]").textContent()).toContain("0.04 WETH")
    const receive = offer.locator("[data-testid=sell-receive]")
    const shown = BigInt((await receive.getAttribute("data-raw")) ?? "0")
    // The seed's collection fees (2.5 % and 1 %) are paid out of the offer.
    expect(shown).toBe(40_000_000_000_000_000n - 1_400_000_000_000_000n)
    expect(await receive.textContent()).toContain("0.0386 WETH")
    const before = await wethOf(user(3))

    await runPanel(page, "sell")

    expect(await ownerOf(16n)).toBe(user(2))
    expect((await wethOf(user(3))) - before).toBe(shown)
  })

  it("cancels the user's OpenSea listing of #18 from the Cancel tab: OpenSea's book no longer holds it", async () => {
    await actAs(4)
    const hash = await bestHash("listings", 18)
    expect(hash).toBeDefined()
    // The wallet counts and lists its OpenSea listing.
    await page.click("[data-testid=wallet-tab-listings]")
    const inWallet = page.locator(`[data-testid=wallet-listings] [data-testid=wallet-order][data-order-id="${hash}"]`)
    expect(await inWallet.count()).toBe(1)
    expect(Number(await page.locator("[data-testid=wallet-tab-listings] .count").textContent())).toBeGreaterThan(0)
    await page.click("[data-testid=tab-cancel]")
    await page.check(`[data-testid=panel-cancel] input[name=order][value="${hash}"]`, { timeout: 5_000 })

    await runPanel(page, "cancel")

    expect(await bestHash("listings", 18)).not.toBe(hash)
    await bookRead()
    expect(await inWallet.count()).toBe(0)
  })

  it("cancels the user's OpenSea offer on #15 from the Cancel tab: OpenSea's book no longer holds it", async () => {
    await actAs(1)
    const hash = await bestHash("offers", 15)
    expect(hash).toBeDefined()
    await page.click("[data-testid=tab-cancel]")
    await page.check(`[data-testid=panel-cancel] input[name=order][value="${hash}"]`, { timeout: 5_000 })

    await runPanel(page, "cancel")

    expect(await bestHash("offers", 15)).not.toBe(hash)
  })

  it("sweeps every OpenSea listing the Buy tab shows, in one transaction: the buyer owns each token", async () => {
    const buyer = user(1)
    await actAs(1)
    await page.click("[data-testid=tab-buy]")
    const choices = page.locator("[data-testid=panel-buy] input[name=opensea-listing]")
    const tokens = await choices.evaluateAll((inputs) =>
      inputs.map((i) => ({
        id: i.getAttribute("data-token-id") ?? "",
        contract: i.getAttribute("data-contract") ?? "",
      })),
    )
    const tokenIds = tokens.map((token) => token.id)
    expect(tokenIds.length).toBeGreaterThan(1)
    await page.click("[data-testid=panel-buy] [data-testid=opensea-tick-all]")
    expect(await page.locator("[data-testid=panel-buy] [data-testid=submit]").textContent()).toBe(
      `Buy ${tokenIds.length} at once`,
    )
    // The total shown per currency is what the wallet pays: WETH exactly (ETH also pays the gas).
    const weth = devnet.contracts.origin.weth.toLowerCase()
    const shownWeth = await page
      .locator(`[data-testid=panel-buy] [data-testid=buy-total-amount][data-currency="${weth}"]`)
      .getAttribute("data-raw", { timeout: 5_000 })
    const wethBefore = await wethOf(buyer)
    const before = await nonceOf(buyer)

    await runPanel(page, "buy")

    expect(wethBefore - (await wethOf(buyer))).toBe(BigInt(shownWeth ?? "0"))

    // Punks are ERC-721s; another contract's listing is an ERC-1155 edition, held by balance.
    for (const { id, contract } of tokens) {
      if (contract.toLowerCase() === devnet.contracts.origin.punks.toLowerCase())
        expect(await ownerOf(BigInt(id))).toBe(buyer)
      else expect(await unitsOf(contract as Address, buyer, BigInt(id))).toBeGreaterThan(0n)
    }
    expect((await nonceOf(buyer)) - before).toBeLessThanOrEqual(2)
    expect(await page.locator("[data-testid=panel-buy] [data-testid=tx-count]").textContent()).toMatch(/^[12] tx$/)
  })

  it("transfers a token from the Transfer tab on OpenSea's book, planned from the chain: the recipient owns it", async () => {
    await actAs(2)
    await page.click("[data-testid=tab-transfer]")
    await page.selectOption("[data-testid=panel-transfer] select[name=token]", `${devnet.contracts.origin.punks}:10`)
    await page.fill("[data-testid=panel-transfer] input[name=to]", user(5))

    await runPanel(page, "transfer")

    expect(await ownerOf(10n)).toBe(user(5))
  })

  it("mints from OpenSea's drop on the Mint tab: the drop OpenSea lists, checked against SeaDrop, the token on chain", async () => {
    await actAs(1)
    await page.click("[data-testid=tab-mint]")
    const drop = devnet.openSea.drops.find((d) => d.slug === "devnet-drop")!
    const option = page.locator(`[data-testid=panel-mint] select[name=collection] option[value="${drop.contract}"]`)
    await option.waitFor({ state: "attached", timeout: 10_000 })
    expect(await option.textContent()).toContain("0.01 ETH each")
    await page.selectOption("[data-testid=panel-mint] select[name=collection]", drop.contract)
    const before = await origin.readContract({
      address: drop.contract,
      abi: erc721Abi,
      functionName: "balanceOf",
      args: [user(1)],
    })

    await runPanel(page, "mint")

    const after = await origin.readContract({
      address: drop.contract,
      abi: erc721Abi,
      functionName: "balanceOf",
      args: [user(1)],
    })
    expect(after - before).toBe(1n)
  })

  it("buys an OpenSea listing paying on the other chain, through Relay: one deposit there, the token owned here", async () => {
    const [listing] = await listForSweep(devnet, devnetUser(devnet, 3), 1, parseEther("0.03"))
    const tokenId = listing!.tokenId
    const paying = createPublicClient({ transport: http(devnet.rpcUrls[devnet.destinationChainId]) })
    await actAs(4)
    await page.click("[data-testid=tab-buy]")
    await page.fill("[data-testid=panel-buy] input[name=token]", `${devnet.contracts.origin.punks}:${tokenId}`)
    await page.selectOption("[data-testid=panel-buy] select[name=pay-on]", String(devnet.destinationChainId))
    const paidBefore = await paying.getBalance({ address: user(4) })
    const nonceHere = await nonceOf(user(4))

    await runPanel(page, "buy")

    expect(await ownerOf(tokenId)).toBe(user(4))
    // Paid on the other chain (the price and the deposit's gas); nothing sent on the listing's chain.
    expect(paidBefore - (await paying.getBalance({ address: user(4) }))).toBeGreaterThanOrEqual(parseEther("0.03"))
    expect(await nonceOf(user(4))).toBe(nonceHere)
  })
})
