/**
 * The key stays on the server, in Chromium: a page calls OpenSea's API v2 routes the way the `openSea` book
 * does with `apiBaseUrl: "/api/opensea"` (fetch, relative URLs, no key), through `createOpenSeaProxy` served on
 * the page's own origin in front of the devnet's OpenSea routes. The devnet receives the key on every request;
 * nothing the page sends, receives, renders or keeps holds it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { credentialFingerprint, type Devnet, startDevnet } from "../../devnet/index.js"
import { createOpenSeaProxy, toNodeListener } from "../../src/proxy/index.js"
import { findChromium } from "./findChromium.js"

/** The app's page: it holds nothing but a place to show what it read. */
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body><pre id="out"></pre></body></html>'

let devnet: Devnet
let server: Server
let origin = ""
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
/** Everything the page sent and received: URLs, headers and bodies. */
const traffic: Array<string> = []
/** The reads of `traffic` still under way (headers and bodies come asynchronously). */
const pending: Array<Promise<unknown>> = []
const record = (read: Promise<unknown>) =>
  pending.push(
    read.then(
      (value) => traffic.push(typeof value === "string" ? value : JSON.stringify(value)),
      () => undefined,
    ),
  )

/** What the page's script saw of one call: status, every header it can read, and the body. */
interface Seen {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

/** Runs `calls` in the page with fetch and relative URLs, as the book would; keeps and shows what it got. */
const callFromPage = (
  calls: ReadonlyArray<{ readonly method: "GET" | "POST"; readonly path: string; readonly body?: unknown }>,
) =>
  page.evaluate(async (calls) => {
    const seen: Array<Seen> = []
    for (const call of calls) {
      const response = await fetch(`/api/opensea${call.path}`, {
        method: call.method,
        headers: {
          accept: "application/json",
          ...(call.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      })
      seen.push({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() })
    }
    const state = window as unknown as { seen?: Array<Seen> }
    state.seen = [...(state.seen ?? []), ...seen]
    const out = document.getElementById("out")
    if (out !== null) out.textContent += JSON.stringify(seen)
    return seen
  }, calls)

describe("OpenSea through createOpenSeaProxy, from a page in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-opensea-proxy-"))
    devnet = await startDevnet()
    // One server for the app: its page at `/`, the proxy under `/api/opensea`, on the page's own origin.
    let proxy:
      | ((
          req: Parameters<ReturnType<typeof toNodeListener>>[0],
          res: Parameters<ReturnType<typeof toNodeListener>>[1],
        ) => void)
      | undefined
    server = createServer((req, res) => {
      if (req.method === "GET" && req.url === "/")
        return void res.writeHead(200, { "content-type": "text/html" }).end(PAGE)
      proxy?.(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    proxy = toNodeListener(
      createOpenSeaProxy({
        target: devnet.openSea.apiBaseUrl,
        apiKey: devnet.openSea.apiKey,
        allowedOrigins: [origin],
      }),
    )

    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("request", (request) => {
      traffic.push(request.url(), request.postData() ?? "")
      record(request.allHeaders())
    })
    page.on("response", (response) => {
      record(response.allHeaders())
      record(response.text())
    })
    await page.goto(`${origin}/`)
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  it("reads and fills a listing with no key in the page, while the devnet receives the key", async () => {
    const key = devnet.openSea.apiKey
    const chain = devnet.openSea.chainNames[devnet.originChainId]!
    const punks = devnet.contracts.origin.punks
    devnet.requests.clear()
    const [contract, collection, best] = await callFromPage([
      { method: "GET", path: `/api/v2/chain/${chain}/contract/${punks}` },
      { method: "GET", path: "/api/v2/collections/devnet-punks" },
      { method: "GET", path: "/api/v2/listings/collection/devnet-punks/nfts/13/best" },
    ])
    expect([contract?.status, collection?.status, best?.status]).toEqual([200, 200, 200])
    expect(JSON.parse(contract?.body ?? "{}")).toMatchObject({ collection: "devnet-punks" })
    const hash = (JSON.parse(best?.body ?? "{}") as { order_hash: string }).order_hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const [order, fulfillment] = await callFromPage([
      { method: "GET", path: `/api/v2/orders/chain/${chain}/protocol/${devnet.openSea.seaport}/${hash}` },
      {
        method: "POST",
        path: "/api/v2/listings/fulfillment_data",
        body: {
          listing: { hash, chain, protocol_address: devnet.openSea.seaport },
          fulfiller: { address: devnet.accounts.users[4]!.address },
        },
      },
    ])
    expect([order?.status, fulfillment?.status]).toEqual([200, 200])
    expect(JSON.parse(fulfillment?.body ?? "{}")).toMatchObject({ protocol: "seaport1.6" })

    // The devnet got every request, each with the key.
    const openSea = devnet.requests.entries.filter((entry) => entry.route.includes(" /api/v2/"))
    expect(openSea.map((entry) => entry.route)).toEqual([
      "GET /api/v2/chain/:chain/contract/:address",
      "GET /api/v2/collections/:slug",
      "GET /api/v2/listings/collection/:slug/nfts/:identifier/best",
      "GET /api/v2/orders/chain/:chain/protocol/:protocol_address/:order_hash",
      "POST /api/v2/listings/fulfillment_data",
    ])
    for (const entry of openSea) expect(entry.credentials).toEqual({ "x-api-key": credentialFingerprint(key) })

    // The page went to its own origin, and never saw the key: not in what it sent, received, rendered or kept.
    expect(traffic.some((line) => line === `${origin}/api/opensea/api/v2/listings/fulfillment_data`)).toBe(true)
    await Promise.all(pending)
    const kept = await page.evaluate(() => [
      document.documentElement.outerHTML,
      document.cookie,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      JSON.stringify((window as unknown as { seen?: unknown }).seen),
      JSON.stringify(performance.getEntries()),
    ])
    expect(kept[0]).toContain("devnet-punks")
    for (const text of [...traffic, ...kept]) expect(text).not.toContain(key)
  })

  it("passes OpenSea's retry-after to the page's script on a 429", async () => {
    const pattern = "/api/v2/collections/devnet-punks"
    devnet.faults.setEndpoint(pattern, { rateLimit: { limit: 0, windowMs: 60_000, retryAfterSeconds: 7 } })
    try {
      const [limited] = await callFromPage([{ method: "GET", path: "/api/v2/collections/devnet-punks" }])
      expect([limited?.status, limited?.headers["retry-after"]]).toEqual([429, "7"])
    } finally {
      devnet.faults.setEndpoint(pattern, undefined)
    }
  })

  it("refuses to the page a longer path, another method or a route tradekit does not call, reaching nothing", async () => {
    devnet.requests.clear()
    const seen = await callFromPage([
      { method: "GET", path: "/api/v2/collections/devnet-punks/stats" },
      { method: "POST", path: "/api/v2/collections/devnet-punks", body: {} },
      { method: "GET", path: "/api/v2/listings/fulfillment_data" },
      { method: "GET", path: "/api/v2/collections" },
      { method: "GET", path: "/__devnet/state" },
    ])
    expect(seen.map((call) => call.status)).toEqual([404, 404, 404, 404, 404])
    expect(devnet.requests.entries).toEqual([])
  })
})
