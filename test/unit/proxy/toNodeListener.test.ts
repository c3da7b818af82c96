/**
 * A Web-standard handler served from Node's `http` server: the handler gets the request as sent (method, headers,
 * body), its path always on the server's own host; the answer goes back as the handler gave it; a handler that
 * throws is a 400, and a client that goes away aborts the handler's request. (bodyLimit.test.ts covers bodies the
 * handler refuses before reading.)
 */
import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it, vi } from "vitest"
import { toNodeListener } from "../../../src/proxy/toNodeListener.js"

/** What the handler saw of a request. */
interface Seen {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  readonly body: string | undefined
  readonly signal: AbortSignal
}

let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
  server = undefined
})

/** Serves `handler` on a free port; what it saw is in `seen`. */
const serve = async (answer: (request: Request) => Promise<Response> | Response) => {
  const seen: Array<Seen> = []
  server = createServer(
    toNodeListener(async (request) => {
      seen.push({
        url: request.url,
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: request.body === null ? undefined : await request.text(),
        signal: request.signal,
      })
      return answer(request)
    }),
  )
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
  return { port: (server.address() as AddressInfo).port, seen }
}

/** Sends a request with a raw request target; resolves with the answer. */
const send = (
  port: number,
  {
    path,
    method = "GET",
    headers = {},
    body,
  }: { path: string; method?: string; headers?: Record<string, string | ReadonlyArray<string>>; body?: string },
) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method, headers: headers as never })
    request.on("response", (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      )
    })
    request.on("error", reject)
    request.end(body)
  })

describe("toNodeListener", () => {
  it("hands the handler the method, path, query, headers and body as sent", async () => {
    const { port, seen } = await serve(() => new Response("ok"))
    await send(port, {
      path: "/api/execute/buy/v7?source=app",
      method: "POST",
      headers: { "content-type": "application/json", "x-version": "1" },
      body: '{"items":[]}',
    })
    expect(seen).toHaveLength(1)
    const [request] = seen
    expect(request!.url).toBe(`http://127.0.0.1:${port}/api/execute/buy/v7?source=app`)
    expect(request!.method).toBe("POST")
    expect(request!.headers).toMatchObject({ "content-type": "application/json", "x-version": "1" })
    expect(request!.body).toBe('{"items":[]}')
  })

  it("gives a GET no body, and joins a header sent twice", async () => {
    const { port, seen } = await serve(() => new Response("ok"))
    await send(port, { path: "/api/x", headers: { "x-tag": ["a", "b"] } })
    expect(seen[0]!.body).toBeUndefined()
    expect(seen[0]!.headers["x-tag"]).toBe("a, b")
  })

  it("keeps a path that looks like another host a path on the server's own", async () => {
    const { port, seen } = await serve(() => new Response("ok"))
    await send(port, { path: "//evil.example/steal" })
    await send(port, { path: "http://evil.example/steal" })
    for (const { url } of seen) expect(new URL(url).host).toBe(`127.0.0.1:${port}`)
    expect(new URL(seen[0]!.url).pathname).toBe("//evil.example/steal")
  })

  it("writes back the handler's status, headers and body", async () => {
    const { port } = await serve(
      () => new Response(JSON.stringify({ message: "slow down" }), { status: 429, headers: { "retry-after": "3" } }),
    )
    const answer = await send(port, { path: "/api/x" })
    expect(answer.status).toBe(429)
    expect(answer.headers["retry-after"]).toBe("3")
    expect(JSON.parse(answer.body)).toEqual({ message: "slow down" })
  })

  it("answers 400 with a JSON error when the handler throws", async () => {
    const { port } = await serve(() => {
      throw new Error("handler bug")
    })
    const answer = await send(port, { path: "/api/x" })
    expect(answer.status).toBe(400)
    expect(answer.headers["content-type"]).toBe("application/json")
    expect(JSON.parse(answer.body)).toEqual({ message: "Bad request", statusCode: 400 })
  })

  it("aborts the handler's request when the client goes away before the answer", async () => {
    const { port, seen } = await serve(() => new Promise<Response>(() => undefined))
    const request = httpRequest({ host: "127.0.0.1", port, path: "/api/x" })
    request.on("error", () => undefined)
    request.end()
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]!.signal.aborted).toBe(false)
    request.destroy()
    await vi.waitFor(() => expect(seen[0]!.signal.aborted).toBe(true))
  })

  it("does not abort a request it answered", async () => {
    const { port, seen } = await serve(() => new Response("ok"))
    await send(port, { path: "/api/x" })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen[0]!.signal.aborted).toBe(false)
  })
})
