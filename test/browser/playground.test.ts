import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { type Address, createPublicClient, erc20Abi, type Hex, http, type PublicClient } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi, exchangeAbi } from "../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../devnet/index.js"
import { USDC_ONLY_PUNK } from "../../devnet/seed.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { findChromium } from "./findChromium.js"
import { runPanel } from "./playgroundPage.js"

const SCREENSHOTS = join(process.cwd(), "test-output", "screenshots")

let devnet: Devnet
let playground: PlaygroundServer
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
let origin: PublicClient
let destination: PublicClient

const user = (n: number): Address => devnet.accounts.users[n - 1]!.address
const punk = (id: number) => `${devnet.contracts.origin.punks}:${id}`
const ownerOf = (id: number) =>
  origin.readContract({
    address: devnet.contracts.origin.punks,
    abi: devnetERC721Abi,
    functionName: "ownerOf",
    args: [BigInt(id)],
  })

/** The API's orders (any status) on the origin chain. */
const orders = async (side: "asks" | "bids", query: string) => {
  const path = side === "asks" ? "orders/asks/v5" : "orders/bids/v6"
  const response = await fetch(`${devnet.apiUrl}/${path}?status=any&${query}`)
  return ((await response.json()) as { orders: Array<{ id: Hex; status: string; maker: Address; tokenSetId: string }> })
    .orders
}

/** Connects as devnet user `n` through the account picker. */
const connectAs = async (n: number) => {
  await page.selectOption("[data-testid=account-select]", user(n))
  await page
    .locator("[data-testid=wallet] .wallet-id code")
    .filter({ hasText: user(n).slice(0, 6) })
    .waitFor()
  await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor()
}

/** Submits the panel's form and waits for the hook to settle; fails with the error shown on the page. */
const run = (panel: string) => runPanel(page, panel)

const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })

const openTab = (id: string) => page.click(`[data-testid=tab-${id}]`)

describe("the playground, in Chromium, against the devnet", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    playground = await servePlayground({ devnet, log: false })
    origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    destination = createPublicClient({ transport: http(devnet.rpcUrls[devnet.destinationChainId]) })
    const browserLaunch = await findChromium()
    process.stdout.write(`chromium: ${browserLaunch.executablePath} (${browserLaunch.source})\n`)
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: browserLaunch.executablePath,
      args: [...browserLaunch.args],
      viewport: { width: 1440, height: 900 },
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("pageerror", (error) => process.stderr.write(`page error: ${error.message}\n`))
    await page.goto(playground.url)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await playground?.stop()
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  it("buys a listed token: the buyer owns it on chain", async () => {
    await connectAs(3)
    const [listing] = await orders("asks", `token=${punk(7)}`)
    expect(listing?.maker).toBe(user(2))
    await openTab("buy")
    await page.selectOption("[data-testid=panel-buy] select[name=listing]", listing!.id)
    // The quote shows the network fee before the user confirms, and executes nothing.
    await page.click("[data-testid=panel-buy] [data-testid=quote]")
    const fee = page.locator("[data-testid=panel-buy] [data-testid=network-fee]")
    await fee.waitFor({ timeout: 20_000 })
    expect(await fee.textContent()).toMatch(/^Network fee ≈ \d[\d.e-]* \S+/)
    // A quote executed nothing: the badge and the timeline say quoted, and no step reads as running.
    expect(await page.locator("[data-testid=panel-buy] [data-testid=status]").textContent()).toBe("quoted")
    expect(await page.locator("[data-testid=panel-buy] [data-testid=timeline-status]").textContent()).toBe("quoted")
    expect(await page.locator("[data-testid=panel-buy] [data-testid=step][data-state=active]").count()).toBe(0)
    await expect(ownerOf(7)).resolves.toBe(user(2))
    await page.locator("[data-testid=wallet][data-loading=false]").waitFor({ timeout: 15_000 })
    const panel = await run("buy")
    await expect(ownerOf(7)).resolves.toBe(user(3))
    // The form is cleared after the purchase: nothing is bought again by a second click.
    expect(await page.locator("[data-testid=panel-buy] select[name=listing]").inputValue()).toBe("")
    await expect(panel.locator("[data-testid=step][data-state=complete]").count()).resolves.toBeGreaterThan(0)
    await page.locator("[data-testid=wallet-token]", { hasText: "Devnet Punks #7" }).waitFor()
    await screenshot("01-buy")
  })

  it("lists a token: the exchange is approved on chain and the listing is in the book", async () => {
    await connectAs(3)
    await openTab("list")
    await page.selectOption("[data-testid=panel-list] select[name=token]", punk(13))
    await page.fill("[data-testid=panel-list] input[name=price]", "0.75")
    await run("list")
    const approved = await origin.readContract({
      address: devnet.contracts.origin.punks,
      abi: devnetERC721Abi,
      functionName: "isApprovedForAll",
      args: [user(3), devnet.contracts.origin.exchange],
    })
    expect(approved).toBe(true)
    const listings = await orders("asks", `token=${punk(13)}&maker=${user(3)}`)
    expect(listings.map((o) => o.status)).toEqual(["active"])
    await screenshot("02-list")
  })

  it("places a bid: WETH is approved on chain and the bid is in the book", async () => {
    await connectAs(1)
    await openTab("bid")
    await page.selectOption("[data-testid=panel-bid] select[name=token]", punk(13))
    await page.fill("[data-testid=panel-bid] input[name=price]", "0.04")
    await run("bid")
    const allowance = await origin.readContract({
      address: devnet.contracts.origin.weth,
      abi: erc20Abi,
      functionName: "allowance",
      args: [user(1), devnet.contracts.origin.exchange],
    })
    expect(allowance).toBeGreaterThan(0n)
    const bids = await orders("bids", `token=${punk(13)}&maker=${user(1)}`)
    expect(bids.map((o) => o.status)).toEqual(["active"])
    await screenshot("03-bid")
  })

  it("accepts an offer: the bidder owns the token and the seller got the WETH", async () => {
    await connectAs(1)
    const wethBefore = await origin.readContract({
      address: devnet.contracts.origin.weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [user(1)],
    })
    await openTab("sell")
    await page.selectOption("[data-testid=panel-sell] select[name=token]", punk(1))
    await run("sell")
    await expect(ownerOf(1)).resolves.toBe(user(3))
    const wethAfter = await origin.readContract({
      address: devnet.contracts.origin.weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [user(1)],
    })
    expect(wethAfter).toBeGreaterThan(wethBefore)
    await screenshot("04-accept-offer")
  })

  it("cancels an order on chain: the exchange reports it cancelled", async () => {
    await connectAs(3)
    const [listing] = await orders("asks", `token=${punk(13)}&maker=${user(3)}`)
    await openTab("cancel")
    await page.check(`[data-testid=panel-cancel] input[name=order][value="${listing!.id}"]`)
    await page.check("[data-testid=panel-cancel] input[name=onChain]")
    await run("cancel")
    const [, cancelled] = await origin.readContract({
      address: devnet.contracts.origin.exchange,
      abi: exchangeAbi,
      functionName: "orderStatus",
      args: [listing!.id],
    })
    expect(cancelled).toBe(true)
    await screenshot("05-cancel")
  })

  it("transfers a token: the recipient owns it on chain", async () => {
    await connectAs(3)
    await openTab("transfer")
    await page.selectOption("[data-testid=panel-transfer] select[name=token]", punk(14))
    await page.fill("[data-testid=panel-transfer] input[name=to]", user(5))
    await run("transfer")
    await expect(ownerOf(14)).resolves.toBe(user(5))
    await screenshot("06-transfer")
  })

  it("mints a token: the minter's balance grows on chain", async () => {
    await connectAs(5)
    const balance = () =>
      origin.readContract({
        address: devnet.contracts.origin.punks,
        abi: devnetERC721Abi,
        functionName: "balanceOf",
        args: [user(5)],
      })
    const before = await balance()
    await openTab("mint")
    await page.selectOption("[data-testid=panel-mint] select[name=collection]", devnet.contracts.origin.punks)
    await run("mint")
    expect(await balance()).toBe(before + 1n)
    await screenshot("07-mint")
  })

  it("runs a cross-chain call: the solver's fill mints on the destination chain", async () => {
    await connectAs(5)
    const collection = devnet.contracts.destination.punks as Address
    const balance = () =>
      destination.readContract({
        address: collection,
        abi: devnetERC721Abi,
        functionName: "balanceOf",
        args: [user(5)],
      })
    const before = await balance()
    await openTab("call")
    await page.click("[data-testid=panel-call] [data-testid=call-preset-mint]")
    const panel = await run("call")
    expect(await balance()).toBe(before + 1n)
    await expect(panel.locator("[data-testid=timeline]").getAttribute("data-status")).resolves.toBe("complete")
    await page.click("[data-testid=tab-events]")
    await screenshot("08-cross-chain-call")
  })

  it("resumes a buy interrupted by a reload: one transaction sent, confirmed after the reload, the buyer owns the token", async () => {
    await connectAs(4)
    const chainId = devnet.originChainId
    const [listing] = await orders("asks", `token=${punk(8)}`)
    expect(listing?.maker).toBe(user(2))
    const nonceBefore = await origin.getTransactionCount({ address: user(4) })
    const buyRequests = () => devnet.requests.entries.filter((entry) => entry.route === "POST /execute/buy/v7").length
    const buysBefore = buyRequests()
    const stored = () => page.evaluate(() => localStorage.getItem("tradekit.playground.executions"))
    // With automine off the sale stays pending: the page is reloaded while its confirmation is awaited.
    await devnet.faults.setAutomine(chainId, false)
    try {
      await openTab("buy")
      await page.selectOption("[data-testid=panel-buy] select[name=listing]", listing!.id)
      await page.click("[data-testid=panel-buy] [data-testid=submit]")
      const hash = await page
        .locator("[data-testid=panel-buy] [data-testid=timeline] [data-hash]")
        .first()
        .getAttribute("data-hash", { timeout: 20_000 })
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      await page.waitForFunction(
        (h) => localStorage.getItem("tradekit.playground.executions")?.includes(h) === true,
        hash!,
      )

      await page.reload()
      const banner = page.locator("[data-testid=panel-buy] [data-testid=resume-banner]")
      await banner
        .locator("strong", { hasText: "An execution was interrupted by a reload — resuming…" })
        .waitFor({ timeout: 30_000 })
      await expect(page.locator("[data-testid=panel-buy]").getAttribute("data-status")).resolves.toBe("pending")
      await expect(
        page.locator("[data-testid=panel-buy] [data-testid=timeline] [data-hash]").first().getAttribute("data-hash"),
      ).resolves.toBe(hash)
      await expect(origin.getTransactionCount({ address: user(4), blockTag: "pending" })).resolves.toBe(nonceBefore + 1)

      await devnet.faults.setAutomine(chainId, true)
      await devnet.faults.mine(chainId)
      await page.locator("[data-testid=panel-buy][data-status=success]").waitFor({ timeout: 45_000 })
      await banner.locator("strong", { hasText: "resumed and completed" }).waitFor()

      await expect(origin.getTransactionCount({ address: user(4) })).resolves.toBe(nonceBefore + 1)
      const sale = await origin.getTransaction({ hash: hash as Hex })
      expect(sale.from.toLowerCase()).toBe(user(4).toLowerCase())
      await expect(ownerOf(8)).resolves.toBe(user(4))
      // One execute request to start, one when the resume asked the API for the plan again: one transaction all the same.
      expect(buyRequests() - buysBefore).toBe(2)
      await expect(
        page.locator("[data-testid=panel-buy] [data-testid=timeline]").getAttribute("data-status"),
      ).resolves.toBe("complete")
      await expect(stored()).resolves.toBeNull()
      await page.locator("[data-testid=wallet-token]", { hasText: "Devnet Punks #8" }).waitFor()
      await screenshot("09-resume-after-reload")
    } finally {
      await devnet.faults.setAutomine(chainId, true)
    }
  })
  it("with 'one confirmation' on, a USDC buy needing approval goes out as one transaction", async () => {
    await connectAs(4)
    const usdc = devnet.contracts.origin.usdc
    await expect(
      origin.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [user(4), devnet.contracts.origin.exchange],
      }),
    ).resolves.toBe(0n)
    const [listing] = await orders("asks", `token=${punk(5)}`)
    await page.check("[data-testid=one-confirmation]")
    try {
      await openTab("buy")
      await page.selectOption("[data-testid=panel-buy] select[name=listing]", listing!.id)
      const panel = await run("buy")
      await expect(ownerOf(5)).resolves.toBe(user(4))
      // The approval and the sale share the batch's one transaction.
      await expect(panel.locator("[data-testid=step][data-state=complete]").count()).resolves.toBe(2)
      await expect(panel.locator("[data-testid=tx-count]").textContent()).resolves.toBe("1 tx")
      await screenshot("10-one-confirmation")
    } finally {
      await page.uncheck("[data-testid=one-confirmation]")
    }
  })
  it("buy with USDC, no ETH, one confirmation: the devnet's paymaster pays the gas", async () => {
    const buyer = devnet.accounts.usdcOnlyUser.address
    await page.selectOption("[data-testid=account-select]", buyer)
    await page
      .locator("[data-testid=wallet] .wallet-id code")
      .filter({ hasText: buyer.slice(0, 6) })
      .waitFor()
    await expect(origin.getBalance({ address: buyer })).resolves.toBe(0n)
    const [listing] = await orders("asks", `token=${punk(Number(USDC_ONLY_PUNK))}`)
    await page.check("[data-testid=one-confirmation]")
    await page.check("[data-testid=sponsored-gas]")
    try {
      await openTab("buy")
      await page.selectOption("[data-testid=panel-buy] select[name=listing]", listing!.id)
      const panel = await run("buy")
      await expect(ownerOf(Number(USDC_ONLY_PUNK))).resolves.toBe(buyer)
      await expect(origin.getBalance({ address: buyer })).resolves.toBe(0n)
      await expect(panel.locator("[data-testid=tx-count]").textContent()).resolves.toBe("1 tx")
      await screenshot("11-usdc-no-eth")
    } finally {
      await page.uncheck("[data-testid=sponsored-gas]")
      await page.uncheck("[data-testid=one-confirmation]")
    }
  })
})
