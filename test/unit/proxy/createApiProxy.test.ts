import { describe, expect, it } from "vitest"
import { createApiProxy, PROTOCOL_ROUTES } from "../../../src/proxy/index.js"

const KEY = "server-side-key-91c2"
const HASH = `0x${"ab".repeat(32)}`

interface Sent {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  readonly body: string | undefined
  readonly redirect: RequestRedirect | undefined
}

/** A proxy in front of a recording fake `fetch` that answers `answer`. */
const setup = (
  answer: () => Response = () => Response.json({ ok: true }, { headers: { "set-cookie": "s=1", "retry-after": "2" } }),
) => {
  const sent: Array<Sent> = []
  const proxy = createApiProxy({
    target: "https://indexer.example/chains/1",
    basePath: "/api/reservoir/",
    apiKey: KEY,
    headers: { Authorization: "Bearer server-token" },
    allowedOrigins: ["https://app.example"],
    fetch: async (input, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries())
      const body = init?.body === undefined ? undefined : new TextDecoder().decode(init.body as ArrayBuffer)
      sent.push({ url: String(input), method: init?.method ?? "GET", headers, body, redirect: init?.redirect })
      return answer()
    },
  })
  return { proxy, sent }
}

const post = (path: string, init: RequestInit = {}) =>
  new Request(`https://app.example${path}`, {
    method: "POST",
    body: JSON.stringify({ items: [] }),
    ...init,
    headers: {
      "content-type": "application/json",
      "x-rkc-version": "0.1.0",
      ...(init.headers as Record<string, string>),
    },
  })

describe("createApiProxy", () => {
  it("forwards a protocol route to the target with the key and headers, and only the caller's body and version headers", async () => {
    const { proxy, sent } = setup()
    const response = await proxy(
      post("/api/reservoir/execute/buy/v7?signature=0x1", {
        headers: {
          cookie: "session=abc",
          authorization: "Bearer users-own",
          "x-api-key": "callers-key",
          origin: "https://app.example",
          "x-other": "1",
        },
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(sent).toEqual([
      {
        url: "https://indexer.example/chains/1/execute/buy/v7?signature=0x1",
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-rkc-version": "0.1.0",
          "x-api-key": KEY,
          authorization: "Bearer server-token",
        },
        body: '{"items":[]}',
        redirect: "manual",
      },
    ])
    // The page gets the answer and what it needs of its headers, never a cookie, and CORS for its origin.
    expect(response.headers.get("set-cookie")).toBeNull()
    expect(response.headers.get("retry-after")).toBe("2")
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example")
  })

  it.each(PROTOCOL_ROUTES.map((route) => [route.method, route.path] as const))(
    "forwards %s %s",
    async (method, path) => {
      const { proxy, sent } = setup()
      const concrete = path.replace(":txHash", HASH)
      const response = await proxy(
        method === "POST"
          ? post(`/api/reservoir${concrete}`)
          : new Request(`https://app.example/api/reservoir${concrete}?txHash=${HASH}`),
      )
      expect(response.status).toBe(200)
      expect(sent.map((request) => request.url)).toEqual([
        `https://indexer.example/chains/1${concrete}${method === "GET" ? `?txHash=${HASH}` : ""}`,
      ])
    },
  )

  it.each([
    ["a route that is not the protocol's", "GET", "/api/reservoir/tokens/v7"],
    ["the API's admin", "GET", "/api/reservoir/__devnet/state"],
    ["a protocol path with another method", "GET", "/api/reservoir/execute/buy/v7"],
    ["a path outside basePath", "POST", "/execute/buy/v7"],
    ["a basePath prefix that is not a segment", "POST", "/api/reservoirs/execute/buy/v7"],
    ["a dot-dot out of basePath", "POST", "/api/reservoir/../admin/execute/buy/v7"],
    ["an encoded dot-dot", "POST", "/api/reservoir/%2e%2e/%2e%2e/execute/buy/v7"],
    ["an encoded slash", "POST", "/api/reservoir/execute%2fbuy/v7"],
    ["a protocol-relative host", "POST", "/api/reservoir//evil.example/execute/buy/v7"],
    ["an absolute URL in the path", "POST", "/api/reservoir/https://evil.example/execute/buy/v7"],
    ["a parameter that is not an id", "GET", "/api/reservoir/transactions/..%2f..%2fadmin/synced/v1"],
    ["a user@host parameter", "GET", "/api/reservoir/transactions/a@evil.example/synced/v1"],
    ["a DELETE", "DELETE", "/api/reservoir/execute/buy/v7"],
    ["a route with a longer path", "POST", "/api/reservoir/execute/buy/v7/anything"],
    ["a route with a trailing slash", "POST", "/api/reservoir/execute/buy/v7/"],
    ["a parameter route with a longer path", "GET", `/api/reservoir/transactions/${HASH}/synced/v1/admin`],
    ["a route's prefix", "POST", "/api/reservoir/execute/buy"],
  ])("refuses %s with 404, reaching nothing", async (_, method, path) => {
    const { proxy, sent } = setup()
    const response = await proxy(
      new Request(`https://app.example${path}`, { method, ...(method === "POST" ? { body: "{}" } : {}) }),
    )
    expect(response.status).toBe(404)
    expect(sent).toEqual([])
  })

  it("never reaches another host, whatever the request's own URL says", async () => {
    const { proxy, sent } = setup()
    await proxy(post("/api/reservoir/execute/buy/v7").clone())
    await proxy(new Request("https://evil.example/api/reservoir/execute/buy/v7", { method: "POST", body: "{}" }))
    expect(sent.map((request) => new URL(request.url).host)).toEqual(["indexer.example", "indexer.example"])
  })

  it("answers a preflight for an allowed origin only, and refuses another origin with 403", async () => {
    const { proxy, sent } = setup()
    const preflight = (origin: string, method = "POST", path = "/api/reservoir/execute/buy/v7") =>
      proxy(
        new Request(`https://proxy.example${path}`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": method,
            "access-control-request-headers": "content-type, x-rkc-version",
          },
        }),
      )
    const response = await preflight("https://app.example")
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(response.headers.get("access-control-allow-methods")).toBe("POST")
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type, x-rkc-version, x-rkui-version")
    expect((await preflight("https://evil.example")).status).toBe(403)
    expect((await preflight("https://app.example", "GET")).status).toBe(404)
    expect((await preflight("https://app.example", "POST", "/api/reservoir/tokens/v7")).status).toBe(404)
    const refused = await proxy(post("/api/reservoir/execute/buy/v7", { headers: { origin: "https://evil.example" } }))
    expect(refused.status).toBe(403)
    expect(sent).toEqual([])
  })

  // Same-host is what the proxy was told, not what the request claims: neither the Host it names nor its scheme.
  it.each([
    ["an http page of the allowed https origin", "https://app.example", "http://app.example"],
    [
      "the host the request names, as a DNS-rebinding page does",
      "http://evil.example:3000",
      "http://evil.example:3000",
    ],
    ["the proxy's own host, not listed", "https://proxy.example", "https://proxy.example"],
    ["another port of the allowed host", "https://app.example", "https://app.example:8443"],
    ["an origin with a path", "https://app.example", "https://app.example/x"],
    ["an opaque origin", "https://app.example", "null"],
  ])("refuses %s with 403, with no CORS and reaching nothing", async (_, served, origin) => {
    const { proxy, sent } = setup()
    for (const request of [
      new Request(`${served}/api/reservoir/execute/buy/v7`, { method: "POST", body: "{}", headers: { origin } }),
      new Request(`${served}/api/reservoir/execute/buy/v7`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      }),
    ]) {
      const response = await proxy(request)
      expect(response.status).toBe(403)
      expect(response.headers.get("access-control-allow-origin")).toBeNull()
    }
    expect(sent).toEqual([])
  })

  it("serves the app's own origin when it is listed, and a request without Origin (a server) without CORS", async () => {
    const own = createApiProxy({
      target: "https://indexer.example",
      basePath: "/api",
      allowedOrigins: ["https://app.example/"],
      fetch: async () => Response.json({}),
    })
    const same = await own(
      new Request("https://app.example/api/execute/buy/v7", {
        method: "POST",
        body: "{}",
        headers: { origin: "https://app.example" },
      }),
    )
    expect([same.status, same.headers.get("access-control-allow-origin")]).toEqual([200, "https://app.example"])
    const server = await own(new Request("https://app.example/api/execute/buy/v7", { method: "POST", body: "{}" }))
    expect([server.status, server.headers.get("access-control-allow-origin")]).toEqual([200, null])
  })

  it("does not follow the API's redirect: the page gets a 502, and nothing goes to where it pointed", async () => {
    const { proxy, sent } = setup(
      () => new Response(null, { status: 302, headers: { location: "https://evil.example/steal" } }),
    )
    const response = await proxy(post("/api/reservoir/execute/buy/v7"))
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({
      message: "The API answered with a redirect (status code 302), which the proxy does not follow",
    })
    expect(sent.map((request) => [request.url, request.redirect])).toEqual([
      ["https://indexer.example/chains/1/execute/buy/v7", "manual"],
    ])
  })

  it("passes the API's errors on as they are, and answers 502 when it cannot be reached", async () => {
    const refused = setup(() => Response.json({ message: "No available orders", statusCode: 400 }, { status: 400 }))
    const answer = await refused.proxy(post("/api/reservoir/execute/buy/v7"))
    expect([answer.status, await answer.json()]).toEqual([400, { message: "No available orders", statusCode: 400 }])

    const down = createApiProxy({
      target: "https://indexer.example",
      basePath: "/api",
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    })
    const unreachable = await down(post("/api/execute/buy/v7"))
    expect([unreachable.status, await unreachable.json()]).toEqual([
      502,
      { message: "The API could not be reached", statusCode: 502 },
    ])
  })

  it("refuses a body over the limit with 413, sending nothing", async () => {
    const sent: Array<string> = []
    const proxy = createApiProxy({
      target: "https://indexer.example",
      basePath: "/api",
      maxBodyBytes: 10,
      fetch: async (input) => {
        sent.push(String(input))
        return Response.json({})
      },
    })
    expect((await proxy(post("/api/execute/buy/v7", { body: "x".repeat(11) }))).status).toBe(413)
    expect(sent).toEqual([])
  })

  it("refuses a target or basePath it cannot keep to at creation", () => {
    expect(() => createApiProxy({ target: "ftp://indexer.example", basePath: "/api" })).toThrow(
      /target must be an http\(s\) URL/,
    )
    expect(() => createApiProxy({ target: "https://user:pw@indexer.example", basePath: "/api" })).toThrow(
      /without credentials/,
    )
    expect(() => createApiProxy({ target: "https://indexer.example?x=1", basePath: "/api" })).toThrow(/target must be/)
    expect(() => createApiProxy({ target: "https://indexer.example", basePath: "api" })).toThrow(
      /basePath must be a plain path/,
    )
    expect(() => createApiProxy({ target: "https://indexer.example", basePath: "/api/../x" })).toThrow(
      /basePath must be a plain path/,
    )
    for (const bound of ["maxBodyBytes", "maxResponseBytes", "timeout"] as const) {
      for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => createApiProxy({ target: "https://indexer.example", basePath: "/api", [bound]: value })).toThrow(
          new RegExp(`${bound} must be`),
        )
      }
    }
    for (const origin of [
      "app.example",
      "https://app.example/path",
      "ftp://app.example",
      "https://user@app.example",
      "*",
      "null",
    ]) {
      expect(() =>
        createApiProxy({ target: "https://indexer.example", basePath: "/api", allowedOrigins: [origin] }),
      ).toThrow(/allowedOrigins/)
    }
  })
})
