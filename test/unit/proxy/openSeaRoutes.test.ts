/**
 * The OpenSea proxy forwards exactly the API v2 routes tradekit's `openSea` book calls, each with the key to
 * OpenSea only, and passes back OpenSea's rate-limit headers and nothing else of its headers.
 */
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { isOpenSeaPost } from "../../../src/apis/opensea/book/postOrder.js"
import { createOpenSeaProxy, OPENSEA_RESPONSE_HEADERS, OPENSEA_ROUTES } from "../../../src/proxy/index.js"

const KEY = "opensea-server-key-5d1a"
const HASH = `0x${"cd".repeat(32)}`
const SEAPORT = "0x0000000000000068F116a894984e2DB1123eB395"
const SAMPLES: Record<string, string> = {
  chain: "ethereum",
  address: "0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB",
  identifier: "8",
  slug: "cryptopunks",
  protocol_address: SEAPORT,
  order_hash: HASH,
  protocol: "seaport",
}
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name] ?? "x")

interface Sent {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
}

const OPENSEA_ANSWER_HEADERS = {
  "content-type": "application/json",
  "x-ratelimit-limit": "60",
  "x-ratelimit-remaining": "59",
  "x-ratelimit-reset": "1",
  "retry-after": "1",
  "set-cookie": "__cf_bm=abc",
  "cf-ray": "8a1b",
  server: "cloudflare",
  "x-api-key": KEY,
  "x-request-id": "r-1",
  deprecation: "true",
}

const setup = () => {
  const sent: Array<Sent> = []
  const proxy = createOpenSeaProxy({
    apiKey: KEY,
    allowedOrigins: ["https://app.example"],
    fetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? "GET",
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      })
      return Response.json({ ok: true }, { headers: OPENSEA_ANSWER_HEADERS })
    },
  })
  return { proxy, sent }
}

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Request(`https://app.example/api/opensea${path}`, {
    method,
    headers: {
      origin: "https://app.example",
      accept: "application/json",
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(method === "POST" ? { body: "{}" } : {}),
  })

describe("OPENSEA_ROUTES through createOpenSeaProxy", () => {
  it.each(OPENSEA_ROUTES.map((route) => [route.method, route.path] as const))(
    "forwards %s %s to api.opensea.io with the key, and the page gets the rate limit and nothing else",
    async (method, path) => {
      const { proxy, sent } = setup()
      const response = await proxy(call(method, concrete(path), { "x-api-key": "callers-own", cookie: "s=1" }))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ok: true })
      expect(sent).toEqual([
        {
          url: `https://api.opensea.io${concrete(path)}`,
          method,
          headers: {
            accept: "application/json",
            ...(method === "POST" ? { "content-type": "application/json" } : {}),
            "x-api-key": KEY,
          },
        },
      ])
      expect(Object.fromEntries(response.headers)).toEqual({
        "content-type": "application/json",
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "59",
        "x-ratelimit-reset": "1",
        "retry-after": "1",
        "access-control-allow-origin": "https://app.example",
        "access-control-expose-headers": OPENSEA_RESPONSE_HEADERS.join(", "),
        vary: "origin",
      })
    },
  )

  it.each(OPENSEA_ROUTES.map((route) => [route.method, route.path] as const))(
    "refuses %s %s with a longer path or another method",
    async (method, path) => {
      const { proxy, sent } = setup()
      // `/api/v2/drops/x` is a route of its own (a drop by slug): a longer path is refused only when it is no route.
      const longer = isRoute(method, `${concrete(path)}/x`) ? [] : [call(method, `${concrete(path)}/x`)]
      for (const request of [
        ...longer,
        call(method, `${concrete(path)}/`),
        call(method === "GET" ? "POST" : "GET", concrete(path)),
        call("PUT", concrete(path)),
      ]) {
        expect((await proxy(request)).status).toBe(404)
      }
      expect(sent).toEqual([])
    },
  )

  it.each([
    ["GET", "/api/v2/collections"],
    ["GET", "/api/v2/accounts/0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB"],
    ["GET", "/api/v2/events/collection/cryptopunks"],
    ["GET", "/api/v2/collections/cryptopunks/stats"],
    ["POST", "/api/v2/orders/ethereum/seaport/listings/x"],
    ["GET", "/api/v2/orders/chain/ethereum/protocol/..%2f..%2fadmin/x"],
    ["POST", "/v2/offers"],
    ["POST", "/execute/buy/v7"],
  ])("refuses %s %s, which tradekit does not call", async (method, path) => {
    const { proxy, sent } = setup()
    expect((await proxy(call(method, path))).status).toBe(404)
    expect(sent).toEqual([])
  })

  it("forwards exactly OpenSea's drops routes for a mint: the drops, a drop, its mint transaction", async () => {
    expect(OPENSEA_ROUTES.filter((route) => route.path.startsWith("/api/v2/drops"))).toEqual([
      { method: "GET", path: "/api/v2/drops" },
      { method: "GET", path: "/api/v2/drops/:slug" },
      { method: "POST", path: "/api/v2/drops/:slug/mint" },
    ])
    const { proxy, sent } = setup()
    expect((await proxy(call("POST", "/api/v2/drops/cool-cats/mint"))).status).toBe(200)
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["POST https://api.opensea.io/api/v2/drops/cool-cats/mint"])
  })

  it.each([
    ["POST", "/api/v2/drops/cool-cats/cross_chain_mint"],
    ["POST", "/api/v2/drops/deploy"],
    ["GET", "/api/v2/drops/cool-cats/eligibility"],
    ["POST", "/api/v2/drops/cool-cats"],
    ["POST", "/api/v2/drops/cool-cats/items"],
    ["POST", "/api/v2/drops/cool-cats/allowlist"],
    ["GET", "/api/v2/drops/deploy/ethereum/0xab/receipt"],
  ])("refuses %s %s, a drops route tradekit does not call", async (method, path) => {
    const { proxy, sent } = setup()
    expect((await proxy(call(method, path))).status).toBe(404)
    expect(sent).toEqual([])
  })

  it("answers a preflight for the page's POST with content-type", async () => {
    const { proxy } = setup()
    const response = await proxy(
      new Request("https://app.example/api/opensea/api/v2/offers/build", {
        method: "OPTIONS",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-headers")).toContain("content-type")
  })

  // The table is what the book calls: every `ctx.call(method, path)` and `ask(ctx, schema, method, path)` in src/apis/opensea is one of its routes.
  it("holds every route the openSea order book calls", () => {
    const folder = new URL("../../../src/apis/opensea/", import.meta.url)
    // The wing is laid out by role (book/, plans/, chain/, …): every file below it.
    const calls = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) => [
        ...readFileSync(new URL(name, folder), "utf8").matchAll(
          /(?:\.call\(|\bask\(\s*ctx,\s*\w+,)\s*"(GET|POST)",\s*(?:`([^`]+)`|"([^"]+)")/g,
        ),
      ])
      // A route is a path: the proxy passes the query (a trait filter, a page cursor) on as it is.
      .flatMap(([, method, template, literal]) =>
        pathsOf(template ?? literal ?? "").map((path) => `${method} ${path.split("?")[0]}`),
      )
    expect(calls.length).toBeGreaterThanOrEqual(8)
    const patterns = OPENSEA_ROUTES.map(
      (route) => new RegExp(`^${route.method} ${route.path.replace(/:\w+/g, "[^/]+")}$`),
    )
    expect(calls.filter((call) => !patterns.some((pattern) => pattern.test(call)))).toEqual([])
    // The posts of signed orders and cancels go to the endpoints the book's plans name: each is a route here.
    const posts = [
      "/api/v2/orders/ethereum/seaport/listings",
      "/api/v2/orders/ethereum/seaport/offers",
      "/api/v2/offers",
      `/api/v2/orders/chain/ethereum/protocol/0x0000000000000068F116a894984e2DB1123eB395/0x${"ab".repeat(32)}/cancel`,
    ]
    expect(posts.filter((path) => !isOpenSeaPost(path))).toEqual([])
    expect(posts.filter((path) => !patterns.some((pattern) => pattern.test(`POST ${path}`)))).toEqual([])
  })
})

/** The paths a template can make: a `${a ? "x" : "y"}` is each of "x" and "y", any other `${…}` a parameter. */
const pathsOf = (template: string): ReadonlyArray<string> => {
  const choice = /\$\{[^}]*\?\s*"([^"]+)"\s*:\s*"([^"]+)"\s*\}/.exec(template)
  if (choice === null) return [template.replace(/\$\{[^}]*\}/g, "x1")]
  return [choice[1], choice[2]].flatMap((branch) => pathsOf(template.replace(choice[0], branch ?? "")))
}

/** Whether `method path` is one of the proxy's routes. */
const isRoute = (method: string, path: string): boolean =>
  OPENSEA_ROUTES.some(
    (route) => route.method === method && new RegExp(`^${route.path.replace(/:\w+/g, "[^/]+")}$`).test(path),
  )
