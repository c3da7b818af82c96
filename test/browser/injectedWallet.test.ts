import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { type Address, createPublicClient, type Hex, http, type PublicClient } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../devnet/index.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { findChromium } from "./findChromium.js"
import { runPanel } from "./playgroundPage.js"
import { injectTestWallet, serveTestWallet, type TestWalletInfo, type TestWalletRequest } from "./testWallet.js"

const SCREENSHOTS = join(process.cwd(), "test-output", "screenshots")

/** As an extension announces itself: a per-load uuid, a name, a data-URI icon, its reverse DNS. */
const WALLET: TestWalletInfo = {
  uuid: "6f0e2c1a-3b7d-4c5e-9a8f-1d2e3f4a5b6c",
  name: "Devnet Test Wallet",
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%230f8a5f'/%3E%3C/svg%3E",
  rdns: "dev.tradekit.testwallet",
}

let devnet: Devnet
let playground: PlaygroundServer
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
let origin: PublicClient
let walletLog: ReadonlyArray<TestWalletRequest>

const user = (n: number): Address => devnet.accounts.users[n - 1]!.address
const punk = (id: number) => `${devnet.contracts.origin.punks}:${id}`
const ownerOf = (id: number) =>
  origin.readContract({
    address: devnet.contracts.origin.punks,
    abi: devnetERC721Abi,
    functionName: "ownerOf",
    args: [BigInt(id)],
  })

/** The API's listings (any status) on the origin chain. */
const asks = async (query: string) => {
  const response = await fetch(`${devnet.apiUrl}/orders/asks/v5?status=any&${query}`)
  return ((await response.json()) as { orders: Array<{ id: Hex; status: string; maker: Address }> }).orders
}

/** What the wallet was asked with `method`, in order. */
const asked = (method: string) => walletLog.filter((request) => request.method === method)

const injectedChoice = () => page.locator(`[data-testid=wallet-choice][data-kind=injected][data-rdns="${WALLET.rdns}"]`)

describe("the playground with an injected EIP-6963 wallet, in Chromium, against the devnet", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    playground = await servePlayground({ devnet, log: false })
    origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    const browserLaunch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: browserLaunch.executablePath,
      args: [...browserLaunch.args],
      viewport: { width: 1440, height: 900 },
    })
    browser = context.browser() ?? undefined
    walletLog = await serveTestWallet(context, devnet, devnet.accounts.users[2]!)
    page = context.pages()[0] ?? (await context.newPage())
    page.on("pageerror", (error) => process.stderr.write(`page error: ${error.message}\n`))
    // Like most extensions, it announces and also sets window.ethereum: the page must list it once.
    await injectTestWallet(page, { info: WALLET, windowEthereum: true, announce: true })
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

  it("lists the announced wallet once, with the name and icon it announced, beside the devnet wallet", async () => {
    await injectedChoice().waitFor()
    await expect(page.locator("[data-testid=wallet-choice][data-kind=injected]").count()).resolves.toBe(1)
    await expect(page.locator("[data-testid=wallet-choice][data-kind=devnet]").count()).resolves.toBe(1)
    await expect(injectedChoice().textContent()).resolves.toContain(WALLET.name)
    await expect(injectedChoice().locator("img").getAttribute("src")).resolves.toBe(WALLET.icon)
    expect(asked("eth_requestAccounts")).toHaveLength(0)
  })

  it("connects it on choice: the page acts as the account the wallet gave", async () => {
    await injectedChoice().click()
    await page.locator(`[data-testid=wallet-choice][data-rdns="${WALLET.rdns}"][data-state=connected]`).waitFor()
    await page
      .locator("[data-testid=wallet-id] code")
      .filter({ hasText: user(3).slice(0, 6) })
      .waitFor()
    await expect(page.locator("[data-testid=wallet-id] strong").textContent()).resolves.toBe(WALLET.name)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor()
    expect(asked("eth_requestAccounts")).toHaveLength(1)
  })

  it("buys a listed token through it: the wallet sent the sale, the buyer owns the token", async () => {
    const [listing] = await asks(`token=${punk(7)}`)
    expect(listing?.maker).toBe(user(2))
    await page.click("[data-testid=tab-buy]")
    await page.selectOption("[data-testid=panel-buy] select[name=listing]", listing!.id)
    // One of a kind: no quantity to ask.
    await expect(page.locator("[data-testid=panel-buy] input[name=quantity]").count()).resolves.toBe(0)
    const panel = await runPanel(page, "buy")

    await expect(panel.locator("[data-testid=success]").textContent()).resolves.toBe("Done.")
    await expect(panel.locator("[data-testid=path]").textContent()).resolves.toBe("route: #7 0.2 ETH")
    await expect(panel.locator("[data-testid=relayer-fee]").count()).resolves.toBe(0)
    const shownHash = await panel.locator("[data-testid=timeline] [data-hash]").first().getAttribute("data-hash")
    expect(asked("eth_sendTransaction").map((request) => request.result)).toEqual([shownHash])
    await expect(ownerOf(7)).resolves.toBe(user(3))
    const sale = await origin.getTransaction({ hash: shownHash as Hex })
    expect(sale.from.toLowerCase()).toBe(user(3).toLowerCase())
    await page.locator("[data-testid=wallet-token]", { hasText: "Devnet Punks #7" }).waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, "10-injected-buy.png") })
  })

  it("lists a token through it: the wallet approved and signed, the listing is in the order book", async () => {
    const sentBefore = asked("eth_sendTransaction").length
    await page.click("[data-testid=tab-list]")
    await page.selectOption("[data-testid=panel-list] select[name=token]", punk(13))
    await page.fill("[data-testid=panel-list] input[name=price]", "0.75")
    await expect(page.locator("[data-testid=panel-list] input[name=quantity]").count()).resolves.toBe(0)
    const panel = await runPanel(page, "list")

    await expect(panel.locator("[data-testid=success]").textContent()).resolves.toBe("Done.")
    await expect(panel.locator("[data-testid=relayer-fee]").count()).resolves.toBe(0)
    await expect(panel.locator("[data-testid=path]").count()).resolves.toBe(0)
    // The collection approval went through the wallet, then the order's EIP-712 signature.
    expect(asked("eth_sendTransaction").length - sentBefore).toBe(1)
    const [signature] = asked("eth_signTypedData_v4")
    expect(signature?.params[0]).toBe(user(3))
    const typedData = JSON.parse(signature!.params[1] as string) as {
      primaryType: string
      message: { maker: string; tokenId: string }
    }
    expect({ ...typedData.message, maker: typedData.message.maker.toLowerCase() }).toMatchObject({
      maker: user(3).toLowerCase(),
      tokenId: "13",
    })
    expect(typedData.primaryType).toBe("Order")

    const listings = await asks(`token=${punk(13)}&maker=${user(3)}`)
    expect(listings.map((o) => o.status)).toEqual(["active"])
    await page.click("[data-testid=wallet] button:has-text('listings')")
    await page.locator(`[data-testid=wallet-order][data-order-id="${listings[0]!.id}"]`).waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, "11-injected-list.png") })
  })

  it("goes back to the devnet wallet on choice", async () => {
    await page.click("[data-testid=wallet-choice][data-kind=devnet]")
    await page
      .locator("[data-testid=wallet-id] code")
      .filter({ hasText: user(1).slice(0, 6) })
      .waitFor()
    await expect(page.locator("[data-testid=wallet-id] strong").textContent()).resolves.toBe("User 1")
  })

  it("lists a wallet that only sets window.ethereum, as the browser wallet", async () => {
    const legacy = await context.newPage()
    try {
      await injectTestWallet(legacy, { info: WALLET, windowEthereum: true, announce: false })
      await legacy.goto(playground.url)
      const choice = legacy.locator("[data-testid=wallet-choice][data-kind=injected]")
      await choice.waitFor()
      await expect(choice.count()).resolves.toBe(1)
      await expect(choice.getAttribute("data-uuid")).resolves.toBe("window.ethereum")
      await expect(choice.textContent()).resolves.toContain("Browser wallet")
    } finally {
      await legacy.close()
    }
  })
})
