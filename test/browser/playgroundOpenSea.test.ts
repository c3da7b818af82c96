/**
 * The playground's API switch, in Chromium: with "OpenSea" picked, a buy goes through the devnet's OpenSea routes,
 * behind the playground server's OpenSea proxy: the page trades with no key and never sees it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { type Address, createPublicClient, erc721Abi, http, type PublicClient } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../devnet/index.js"
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
/** Everything the page sent and got: URLs, headers and bodies, for the key to be looked for. */
const seen: Array<string> = []

const user = (n: number): Address => devnet.accounts.users[n - 1]!.address
const ownerOf = (id: number) =>
  origin.readContract({
    address: devnet.contracts.origin.punks,
    abi: erc721Abi,
    functionName: "ownerOf",
    args: [BigInt(id)],
  })

describe("the playground's API switch, in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    playground = await servePlayground({ devnet, log: false })
    origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("request", (request) =>
      seen.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? ""),
    )
    page.on("response", (response) => {
      seen.push(JSON.stringify(response.headers()))
      response.text().then(
        (body) => seen.push(body),
        () => undefined,
      )
    })
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

  it("buys a token's best OpenSea listing: the buyer owns it on chain, and OpenSea's listing is filled", async () => {
    await page.selectOption("[data-testid=account-select]", user(5))
    await page.selectOption("[data-testid=api-select]", "opensea")
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor()
    await page.click("[data-testid=tab-buy]")
    await page.fill("[data-testid=panel-buy] input[name=token]", `${devnet.contracts.origin.punks}:13`)
    await expect(ownerOf(13)).resolves.toBe(user(3))
    await page.locator("[data-testid=wallet][data-loading=false]").waitFor({ timeout: 15_000 })
    await runPanel(page, "buy")
    await expect(ownerOf(13)).resolves.toBe(user(5))
    const listing = await fetch(`${devnet.openSea.apiBaseUrl}/api/v2/listings/collection/devnet-punks/nfts/13/best`, {
      headers: { "x-api-key": devnet.openSea.apiKey },
    })
    expect(listing.status).toBe(404)
  })

  it("the page traded through the proxy with no key: no request, response or page state it saw holds the key", async () => {
    const key = devnet.openSea.apiKey
    expect(seen.some((entry) => entry.includes("/api/opensea/api/v2/listings/fulfillment_data"))).toBe(true)
    expect(seen.filter((entry) => entry.includes(key))).toEqual([])
    const state = await page.evaluate(
      () => `${document.documentElement.outerHTML} ${JSON.stringify(localStorage)} ${JSON.stringify(sessionStorage)}`,
    )
    expect(state.includes(key)).toBe(false)
    // Straight to the devnet's OpenSea without the key, the same route is refused: the proxy added it.
    const direct = await fetch(`${devnet.openSea.apiBaseUrl}/api/v2/listings/collection/devnet-punks/nfts/14/best`)
    expect(direct.status).toBe(401)
  })
})
