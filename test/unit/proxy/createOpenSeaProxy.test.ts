/**
 * The OpenSea proxy's own settings over the generic API proxy: mounted at `/api/opensea` in front of
 * `https://api.opensea.io` unless told otherwise, forwarding OpenSea's routes (never the Reservoir protocol's), its
 * key sent as `x-api-key`, and the generic options (body limit, origins) still applying.
 * (openSeaRoutes.test.ts walks every route and the headers that come back.)
 */
import { describe, expect, it } from "vitest"
import { createOpenSeaProxy, type OpenSeaProxyOptions } from "../../../src/proxy/createOpenSeaProxy.js"

const KEY = "opensea-server-key-77"
const COLLECTION = "/api/v2/collections/cryptopunks"

const setup = (options: Partial<OpenSeaProxyOptions> = {}) => {
  const sent: Array<{ url: string; key: string | null }> = []
  const proxy = createOpenSeaProxy({
    apiKey: KEY,
    fetch: async (input, init) => {
      sent.push({ url: String(input), key: new Headers(init?.headers).get("x-api-key") })
      return Response.json({ ok: true })
    },
    ...options,
  })
  return { proxy, sent }
}

const get = (url: string) => new Request(url, { headers: { accept: "application/json" } })

describe("createOpenSeaProxy", () => {
  it("serves /api/opensea in front of api.opensea.io, with the key, by default", async () => {
    const { proxy, sent } = setup()
    expect((await proxy(get(`https://app.example/api/opensea${COLLECTION}`))).status).toBe(200)
    expect(sent).toEqual([{ url: `https://api.opensea.io${COLLECTION}`, key: KEY }])
  })

  it("forwards to the target and from the base path it is given", async () => {
    const { proxy, sent } = setup({ target: "http://127.0.0.1:8545/opensea", basePath: "/proxy/os" })
    expect((await proxy(get(`https://app.example/proxy/os${COLLECTION}`))).status).toBe(200)
    expect((await proxy(get(`https://app.example/api/opensea${COLLECTION}`))).status).toBe(404)
    expect(sent).toEqual([{ url: `http://127.0.0.1:8545/opensea${COLLECTION}`, key: KEY }])
  })

  it("forwards none of the Reservoir protocol's routes", async () => {
    const { proxy, sent } = setup()
    const buy = new Request("https://app.example/api/opensea/execute/buy/v7", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    })
    expect((await proxy(buy)).status).toBe(404)
    expect(sent).toEqual([])
  })

  it("keeps the generic proxy's options: a body over the limit is refused, nothing sent", async () => {
    const { proxy, sent } = setup({ maxBodyBytes: 16 })
    const post = new Request("https://app.example/api/opensea/api/v2/offers", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(64) }),
    })
    expect((await proxy(post)).status).toBe(413)
    expect(sent).toEqual([])
  })

  it("refuses a page of an origin it does not allow", async () => {
    const { proxy, sent } = setup({ allowedOrigins: ["https://app.example"] })
    const foreign = new Request(`https://app.example/api/opensea${COLLECTION}`, {
      headers: { origin: "https://evil.example" },
    })
    expect((await proxy(foreign)).status).toBe(403)
    expect(sent).toEqual([])
  })
})
