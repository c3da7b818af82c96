/**
 * The target's answer is bounded: one larger than `maxResponseBytes` is a 502, and one that does not come
 * whole within `timeout` is a 504 — against a real HTTP server on 127.0.0.1 that streams forever, never
 * answers, or trickles. Either way the proxy lets go of the target's connection.
 */
import { createServer, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApiProxy } from "../../../src/proxy/index.js"

let server: Server
let target = ""
/** Resolves when the target's answer for a path is closed, as the proxy lets go. */
const closed = new Map<string, Promise<void>>()
const timers = new Set<NodeJS.Timeout>()

const streamForever = (res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" })
  const chunk = Buffer.alloc(16 * 1024, 32)
  const write = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", write)
  }
  write()
}

const trickle = (res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" })
  const timer = setInterval(() => res.write(" "), 10)
  timers.add(timer)
  res.on("close", () => clearInterval(timer))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? ""
    closed.set(path, new Promise<void>((resolve) => res.on("close", () => resolve())))
    if (path === "/execute/buy/v7") return streamForever(res)
    if (path === "/execute/list/v5") return trickle(res)
    if (path === "/execute/bid/v5") return res.end(JSON.stringify({ ok: true }))
    // Anything else: never answered.
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const timer of timers) clearInterval(timer)
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const proxy = () => createApiProxy({ target, basePath: "/api", maxResponseBytes: 64 * 1024, timeout: 300 })
const post = (path: string) => new Request(`https://app.example/api${path}`, { method: "POST", body: "{}" })

describe("the target's answer is bounded", () => {
  it("answers 502 to an answer larger than maxResponseBytes, and closes the target's stream", async () => {
    const response = await proxy()(post("/execute/buy/v7"))
    expect([response.status, await response.json()]).toEqual([
      502,
      { message: "The API's answer is too large", statusCode: 502 },
    ])
    await closed.get("/execute/buy/v7")
  })

  it("answers 504 when the target never answers within the timeout, and lets go of it", async () => {
    const started = performance.now()
    const response = await proxy()(post("/execute/sell/v7"))
    expect([response.status, await response.json()]).toEqual([
      504,
      { message: "The API did not answer in time", statusCode: 504 },
    ])
    expect(performance.now() - started).toBeLessThan(5_000)
    await closed.get("/execute/sell/v7")
  })

  it("answers 504 when the answer starts but does not end within the timeout", async () => {
    const response = await proxy()(post("/execute/list/v5"))
    expect(response.status).toBe(504)
    await closed.get("/execute/list/v5")
  })

  it("passes an answer within both bounds on", async () => {
    const response = await proxy()(post("/execute/bid/v5"))
    expect([response.status, await response.json()]).toEqual([200, { ok: true }])
  })

  it("bounds the size by default (8 MiB)", async () => {
    const response = await createApiProxy({ target, basePath: "/api" })(post("/execute/buy/v7"))
    expect(response.status).toBe(502)
  })
})
