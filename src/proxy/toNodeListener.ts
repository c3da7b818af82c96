import type { IncomingMessage, ServerResponse } from "node:http"
import type { ApiProxyHandler } from "./createApiProxy.js"

/**
 * Serves a Web-standard handler (such as {@link createApiProxy}'s) from Node's `http` server: the request's
 * path is read as a path on the server's own host (an absolute or `//host` request target finds no route),
 * and a client that goes away aborts the forwarded request.
 *
 * @example
 * import { createServer } from "node:http"
 * import { createApiProxy, toNodeListener } from "tradekit/proxy"
 * createServer(toNodeListener(createApiProxy({ target: "https://indexer.example", basePath: "/api/reservoir", apiKey: process.env.API_KEY }))).listen(3000)
 */
export const toNodeListener =
  (handler: ApiProxyHandler) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const aborted = new AbortController()
    res.on("close", () => {
      if (!res.writableFinished) aborted.abort()
    })
    try {
      const chunks: Array<Buffer> = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
      }
      // The target is appended to the server's own origin, never resolved against it: `//evil.example/x`
      // stays a path here.
      const url = new URL(`http://${req.headers.host ?? "localhost"}${req.url?.startsWith("/") ? req.url : `/${req.url ?? ""}`}`)
      const method = req.method ?? "GET"
      const request = new Request(url, {
        method,
        headers,
        signal: aborted.signal,
        ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }),
      })
      const response = await handler(request)
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    } catch {
      if (!res.headersSent) res.writeHead(400, { "content-type": "application/json" })
      res.end(JSON.stringify({ message: "Bad request", statusCode: 400 }))
    }
  }
