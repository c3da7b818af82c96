/**
 * The playground in Chromium trades through `createApiProxy` in front of the devnet: the proxy (another
 * origin than the page, so CORS and its preflights are real) adds the API key, the devnet receives it, and
 * nothing the page sends, receives or keeps holds it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { type Address, createPublicClient, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../devnet/artifacts/index.js"
import { credentialFingerprint, type Devnet, startDevnet } from "../../devnet/index.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { createApiProxy, PROTOCOL_ROUTES, type ProxyRoute, toNodeListener } from "../../src/proxy/index.js"
import { findChromium } from "./findChromium.js"
import { runPanel } from "./playgroundPage.js"

const KEY = "browser-proxy-key-0c7e55"

/** The reads the playground shows besides trading (its root, the market): an app adds what its pages read. */
const PLAYGROUND_READS: ReadonlyArray<ProxyRoute> = [
  { method: "GET", path: "/" },
  { method: "GET", path: "/collections/v7" },
  { method: "GET", path: "/tokens/v7" },
  { method: "GET", path: "/users/:user/tokens/v10" },
  { method: "GET", path: "/orders/asks/v5" },
  { method: "GET", path: "/orders/bids/v6" },
]

let devnet: Devnet
let playground: PlaygroundServer
let proxy: Server
let proxyUrl = ""
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
/** Everything the page sent and received: URLs, headers and bodies. */
const traffic: Array<string> = []

const user = (n: number): Address => devnet.accounts.users[n - 1]!.address

describe("the playground, through the proxy, in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-proxy-"))
    devnet = await startDevnet()
    playground = await servePlayground({ devnet, log: false })
    const handler = createApiProxy({
      target: devnet.apiUrl,
      basePath: "/api/reservoir",
      apiKey: KEY,
      allowedOrigins: [new URL(playground.url).origin],
      routes: [...PROTOCOL_ROUTES, ...PLAYGROUND_READS],
    })
    proxy = createServer(toNodeListener(handler))
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`

    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("request", (request) => {
      traffic.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? "")
    })
    page.on("response", (response) => {
      traffic.push(JSON.stringify(response.headers()))
      response.text().then(
        (text) => traffic.push(text),
        () => undefined,
      )
    })
    await page.goto(`${playground.url}?api=${encodeURIComponent(`${proxyUrl}/api/reservoir`)}`)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await playground?.stop()
    await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())))
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  it("buys a listed token with no key in the page, while the devnet receives the key", async () => {
    await page.selectOption("[data-testid=account-select]", user(3))
    await page
      .locator("[data-testid=wallet] .wallet-id code")
      .filter({ hasText: user(3).slice(0, 6) })
      .waitFor()
    const asks = (await (
      await fetch(`${devnet.apiUrl}/orders/asks/v5?token=${devnet.contracts.origin.punks}:8`)
    ).json()) as {
      orders: Array<{ id: string }>
    }
    devnet.requests.clear()
    await page.click("[data-testid=tab-buy]")
    await page.selectOption("[data-testid=panel-buy] select[name=listing]", asks.orders[0]!.id)
    await page.locator("[data-testid=wallet][data-loading=false]").waitFor({ timeout: 15_000 })
    await runPanel(page, "buy")

    const origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    const owner = await origin.readContract({
      address: devnet.contracts.origin.punks,
      abi: devnetERC721Abi,
      functionName: "ownerOf",
      args: [8n],
    })
    expect(owner).toBe(user(3))

    // The devnet got the key on the trade's requests, all through the proxy.
    const trade = devnet.requests.entries.filter(
      (entry) => entry.route.includes("/execute/") || entry.route.includes("/transactions/"),
    )
    expect(trade.map((entry) => entry.route)).toContain("POST /execute/buy/v7")
    for (const entry of trade) expect(entry.credentials).toEqual({ "x-api-key": credentialFingerprint(KEY) })
    // The page went to the proxy, and never saw the key: not in what it sent, received, rendered or stored.
    expect(traffic.some((line) => line.startsWith(`${proxyUrl}/api/reservoir/execute/buy/v7`))).toBe(true)
    const kept = await page.evaluate(() => [
      document.documentElement.outerHTML,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
    ])
    for (const text of [...traffic, ...kept]) expect(text).not.toContain(KEY)
  })

  it("a route that is not forwarded is refused to the page with 404, reaching nothing", async () => {
    devnet.requests.clear()
    const statuses = await page.evaluate(
      (base) =>
        Promise.all(
          ["/__devnet/state", "/__devnet/requests", "/execute/buy/v7/../../__devnet/state"].map((path) =>
            fetch(`${base}${path}`).then((r) => r.status),
          ),
        ),
      `${proxyUrl}/api/reservoir`,
    )
    expect(statuses).toEqual([404, 404, 404])
    expect(devnet.requests.entries).toEqual([])
  })
})
