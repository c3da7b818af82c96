/**
 * The protocol's routes the API proxy forwards, and how a request's path is matched to one: segment by segment, a
 * parameter standing for one id or hash and never for a dot segment, an encoded character or a host.
 */
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { EXECUTE_ROUTES } from "../../../src/apis/reservoir/executeRoutes.js"
import { matchesRoute, PROTOCOL_ROUTES, type ProxyRoute } from "../../../src/proxy/protocolRoutes.js"

const synced: ProxyRoute = { method: "GET", path: "/transactions/:txHash/synced/v1" }
const buy: ProxyRoute = { method: "POST", path: "/execute/buy/v7" }
const HASH = `0x${"ab".repeat(32)}`

describe("matchesRoute", () => {
  it("matches a literal route exactly", () => {
    expect(matchesRoute(buy, "/execute/buy/v7")).toBe(true)
    for (const path of ["/execute/buy/v6", "/execute/Buy/v7", "/execute/buy/v7/", "/execute/buy", "execute/buy/v7"]) {
      expect(matchesRoute(buy, path)).toBe(false)
    }
  })

  it("takes an id or a hash for a parameter segment", () => {
    for (const txHash of [HASH, "123", "order_id-1", "a".repeat(128)]) {
      expect(matchesRoute(synced, `/transactions/${txHash}/synced/v1`)).toBe(true)
    }
  })

  it("refuses for a parameter a dot segment, an encoded character, a host, a query or nothing", () => {
    for (const txHash of [
      "..",
      ".",
      "%2e%2e",
      "..%2f..%2fadmin",
      "evil.example",
      "a?b=1",
      "",
      "a".repeat(129),
      "a b",
    ]) {
      expect(matchesRoute(synced, `/transactions/${txHash}/synced/v1`)).toBe(false)
    }
  })

  it("refuses a path of more or fewer segments, a parameter spanning two among them", () => {
    expect(matchesRoute(synced, `/transactions/${HASH}/x/synced/v1`)).toBe(false)
    expect(matchesRoute(synced, "/transactions/synced/v1")).toBe(false)
    expect(matchesRoute(synced, `/transactions/${HASH}/synced/v1/extra`)).toBe(false)
  })

  it("does not look at the method: that is the caller's to compare", () => {
    expect(matchesRoute({ ...buy, method: "GET" }, "/execute/buy/v7")).toBe(true)
  })
})

describe("PROTOCOL_ROUTES", () => {
  it("name each route once", () => {
    const keys = PROTOCOL_ROUTES.map((route) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it("forward nothing of the API's reads or admin", () => {
    for (const path of ["/tokens/v7", "/orders/asks/v5", "/collections/v7", "/admin/api-keys", "/execute/buy/v6"]) {
      expect(PROTOCOL_ROUTES.some((route) => matchesRoute(route, path))).toBe(false)
    }
  })

  // What the client calls of the protocol itself (the steps' endpoints are the API's to hand out): every literal
  // `path: "/…"` of a request in src outside the proxy, and the synced poll.
  it("hold every protocol path the client calls", () => {
    const folder = new URL("../../../src/", import.meta.url)
    const paths = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts") && !name.startsWith("proxy"))
      .flatMap((name) => [...readFileSync(new URL(name, folder), "utf8").matchAll(/\bpath: "(\/[^"]+)"/g)])
      .map(([, path]) => path!)
      .filter((path) => !path.startsWith("/api/v2/"))
    // The execute routes are the Reservoir book's table, not `path:` literals.
    const executeRoutes = Object.values(EXECUTE_ROUTES)
    expect(paths.length).toBeGreaterThanOrEqual(4)
    expect(executeRoutes).toHaveLength(8)
    const missing = [...paths, ...executeRoutes, `/transactions/${HASH}/synced/v1`].filter(
      (path) => !PROTOCOL_ROUTES.some((route) => matchesRoute(route, path)),
    )
    expect(missing).toEqual([])
  })
})
