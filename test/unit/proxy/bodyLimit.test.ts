/**
 * A hostile client of the proxy cannot make it read an unbounded body: the route and method are checked
 * before any byte of the body is read, and a body over `maxBodyBytes` is refused the moment it passes the
 * limit, without reading the rest — through the Web handler and through `toNodeListener` on a real server.
 */
import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { createApiProxy, toNodeListener } from "../../../src/proxy/index.js"

const CHUNK = 1024

/** A body of `chunks` chunks of 1 KiB, produced only when read; counts what was read and whether it was cancelled. */
const meteredBody = (chunks: number) => {
  const meter = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull: (controller) => {
        if (meter.pulled >= chunks * CHUNK) return controller.close()
        meter.pulled += CHUNK
        controller.enqueue(new Uint8Array(CHUNK).fill(120))
      },
      cancel: () => {
        meter.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { meter, stream }
}

const proxyWith = (sent: Array<string>) =>
  createApiProxy({
    target: "https://indexer.example",
    basePath: "/api",
    maxBodyBytes: 4 * CHUNK,
    fetch: async (input) => {
      sent.push(String(input))
      return Response.json({ ok: true })
    },
  })

const streamed = (path: string, stream: ReadableStream<Uint8Array>, method = "POST") =>
  new Request(`https://app.example${path}`, { method, body: stream, duplex: "half" } as RequestInit)

describe("the Web handler reads no more of a body than it needs", () => {
  it("refuses a chunked body with 413 once it passes the limit, reading no further and cancelling it", async () => {
    const sent: Array<string> = []
    const { meter, stream } = meteredBody(1024)
    const response = await proxyWith(sent)(streamed("/api/execute/buy/v7", stream))
    expect(response.status).toBe(413)
    expect(meter.pulled).toBeLessThanOrEqual(5 * CHUNK)
    expect(meter.cancelled).toBe(true)
    expect(sent).toEqual([])
  })

  it.each([
    ["a path that is no route", "POST", "/api/admin/upload"],
    ["a route with another method", "PUT", "/api/execute/buy/v7"],
  ])("answers %s with 404 before reading a byte of its body", async (_, method, path) => {
    const sent: Array<string> = []
    const { meter, stream } = meteredBody(1024)
    const response = await proxyWith(sent)(streamed(path, stream, method))
    expect(response.status).toBe(404)
    expect(meter.pulled).toBe(0)
    expect(sent).toEqual([])
  })

  it("forwards a chunked body under the limit whole", async () => {
    const bodies: Array<number> = []
    const proxy = createApiProxy({
      target: "https://indexer.example",
      basePath: "/api",
      maxBodyBytes: 4 * CHUNK,
      fetch: async (_, init) => {
        bodies.push((init?.body as ArrayBuffer | undefined)?.byteLength ?? 0)
        return Response.json({ ok: true })
      },
    })
    const { stream } = meteredBody(4)
    expect((await proxy(streamed("/api/execute/buy/v7", stream))).status).toBe(200)
    expect(bodies).toEqual([4 * CHUNK])
  })
})

describe("toNodeListener streams the body to the handler", () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
    server = undefined
  })

  /**
   * Sends a 16 MiB chunked body to the proxy, a chunk at a time as the socket drains, and resolves with the
   * answer's status and whether the whole body had been sent by the time the answer came.
   */
  const sendLarge = async (path: string) => {
    const sent: Array<string> = []
    server = createServer(toNodeListener(proxyWith(sent)))
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    const result = await new Promise<{ status: number; connection: string | undefined; finished: boolean }>(
      (resolve, reject) => {
        let finished = false
        const request = httpRequest({
          host: "127.0.0.1",
          port,
          path,
          method: "POST",
          headers: { "transfer-encoding": "chunked" },
        })
        request.on("response", (response) => {
          response.resume()
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, finished })
          request.destroy()
        })
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)))
        const chunk = Buffer.alloc(16 * CHUNK, 120)
        let left = 1024
        const write = () => {
          while (left > 0 && !request.destroyed) {
            left -= 1
            if (left === 0) {
              request.end(chunk, () => {
                finished = true
              })
              return
            }
            if (!request.write(chunk)) return void request.once("drain", write)
          }
        }
        write()
      },
    )
    return { ...result, sent }
  }

  it("answers 413 while a body over the limit is still being sent", async () => {
    const { status, connection, finished, sent } = await sendLarge("/api/execute/buy/v7")
    expect(status).toBe(413)
    expect(finished).toBe(false)
    // The rest is not taken in: the connection closes after the answer.
    expect(connection).toBe("close")
    expect(sent).toEqual([])
  })

  it("answers 404 to a path that is no route while its body is still being sent", async () => {
    const { status, finished, sent } = await sendLarge("/api/admin/upload")
    expect(status).toBe(404)
    expect(finished).toBe(false)
    expect(sent).toEqual([])
  })
})
