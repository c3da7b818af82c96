import type { IncomingMessage, ServerResponse } from "node:http"
import type { ApiProxyHandler } from "./createApiProxy.js"

/**
 * The request's body as a Web stream that reads from Node only when the handler reads: a handler that
 * refuses a request before its body (no route, too large) never makes the server take it in. Cancelling
 * stops reading without destroying the socket, so the refusal can still be written.
 */
const bodyOf = (req: IncomingMessage): ReadableStream<Uint8Array> => {
  const chunks = req.iterator({ destroyOnReturn: false })
  return new ReadableStream<Uint8Array>(
    {
      pull: async (controller) => {
        const { done, value } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(new Uint8Array(value as Buffer))
      },
      cancel: async () => {
        await chunks.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}

/**
 * Serves a Web-standard handler (such as {@link createApiProxy}'s) from Node's `http` server: the request's
 * path is read as a path on the server's own host (an absolute or `//host` request target finds no route),
 * the body is streamed to the handler as it reads it (never buffered here), and a client that goes away
 * aborts the forwarded request. A request whose body the handler did not read to its end gets
 * `connection: close`: the server answers and closes the connection rather than take in the rest.
 *
 * @example
 * import { createServer } from "node:http"
 * import { createApiProxy, toNodeListener } from "tradekit/proxy"
 * createServer(toNodeListener(createApiProxy({ target: "https://indexer.example", basePath: "/api/reservoir", apiKey:
 * process.env.API_KEY }))).listen(3000)
 */
export const toNodeListener =
  (handler: ApiProxyHandler) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const aborted = new AbortController()
    res.on("close", () => {
      if (!res.writableFinished) aborted.abort()
    })
    try {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
      }
      // The target is appended to the server's own origin, never resolved against it: `//evil.example/x`
      // stays a path here.
      const url = new URL(
        `http://${req.headers.host ?? "localhost"}${req.url?.startsWith("/") ? req.url : `/${req.url ?? ""}`}`,
      )
      const method = req.method ?? "GET"
      const request = new Request(url, {
        method,
        headers,
        signal: aborted.signal,
        ...(method === "GET" || method === "HEAD" ? {} : { body: bodyOf(req), duplex: "half" }),
      } as RequestInit)
      const response = await handler(request)
      const body = Buffer.from(await response.arrayBuffer())
      res.writeHead(response.status, {
        ...Object.fromEntries(response.headers),
        ...(req.complete ? {} : { connection: "close" }),
      })
      res.end(body)
    } catch {
      if (!res.headersSent)
        res.writeHead(400, { "content-type": "application/json", ...(req.complete ? {} : { connection: "close" }) })
      res.end(JSON.stringify({ message: "Bad request", statusCode: 400 }))
    }
  }
