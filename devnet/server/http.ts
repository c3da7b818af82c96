/**
 * The HTTP layer of the devnet: routing (`/chains/{chainId}/…`, or bare paths for the origin chain), JSON
 * in and out (bigints as decimal strings), fault injection, CORS for the playground, and a wrapper that
 * turns every failure into a JSON answer — the server never crashes on a request.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http"
import type { AddressInfo } from "node:net"
import type { ChainRuntime, DevnetContext } from "./context.js"

/** A parsed request, as handlers see it. */
export interface DevnetRequest {
  readonly method: string
  /** The endpoint path, without the `/chains/{chainId}` prefix. */
  readonly path: string
  readonly chain: ChainRuntime
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  readonly body: unknown
  /** The request headers (lower-case names), e.g. `x-api-key`. */
  readonly headers: IncomingHttpHeaders
}

/** A handler's answer with a status other than 200 or extra headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A failure with the status and message the client should see (`{message, statusCode}`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** A 400 with `message`. */
export const badRequest = (message: string): HttpError => new HttpError(400, message)

/** One endpoint: `pattern` segments starting with `:` are parameters. */
export interface Route {
  readonly method: "GET" | "POST"
  readonly pattern: string
  readonly handler: (ctx: DevnetContext, req: DevnetRequest) => Promise<unknown>
}

/** JSON with bigints as decimal strings. */
export const toJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v))

function match(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split("/").filter(Boolean)
  const s = path.split("/").filter(Boolean)
  if (p.length !== s.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!
    if (seg.startsWith(":")) params[seg.slice(1)] = decodeSegment(s[i]!)
    else if (seg !== s[i]) return undefined
  }
  return params
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest(`Malformed %-encoding in the path segment "${segment}"`)
  }
}

/** The URL of a request (path and query), or a 400 when it does not parse (`//[`). */
export function requestUrl(req: IncomingMessage): URL {
  const raw = req.url ?? "/"
  try {
    return new URL(raw, "http://devnet")
  } catch {
    throw badRequest(`The request URL ${raw} is not a valid URL`)
  }
}

/** The largest request body kept: every API body is a few kB; a bigger one would only cost memory. */
const MAX_BODY_BYTES = 2 ** 20

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  // Past the limit the rest is still read (and dropped), so that the client gets the 413 instead of a reset.
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer)
  }
  if (size > MAX_BODY_BYTES) throw new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`)
  const text = Buffer.concat(chunks).toString("utf8")
  if (text.trim() === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest("Request body is not valid JSON")
  }
}

const corsHeaders = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "content-type, x-api-key, x-rkc-version, x-rkui-version",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-expose-headers": "retry-after",
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...corsHeaders, ...headers })
  res.end(body)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Routes a request; admin paths (`/__devnet/…`) are never subject to faults. */
export function makeHandler(ctx: DevnetContext, routes: ReadonlyArray<Route>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      // Whatever headers the page asks for (an `authorization`, a gateway's own): the devnet has no secret to keep.
      if (req.method === "OPTIONS")
        return send(res, 204, "", {
          "access-control-allow-headers":
            req.headers["access-control-request-headers"] ?? corsHeaders["access-control-allow-headers"],
        })
      const url = requestUrl(req)
      let path = url.pathname
      let chain = ctx.origin
      const prefixed = /^\/chains\/(\d+)(\/.*)?$/.exec(path)
      if (prefixed !== null) {
        const runtime = ctx.chains.get(Number(prefixed[1]))
        if (runtime === undefined) throw new HttpError(404, `Chain ${prefixed[1]} is not served by this devnet`)
        chain = runtime
        path = prefixed[2] ?? "/"
      }
      const method = (req.method ?? "GET").toUpperCase()
      let params: Record<string, string> | undefined
      const route = routes.find((r) => r.method === method && (params = match(r.pattern, path)) !== undefined)
      if (route === undefined || params === undefined) throw new HttpError(404, `No route for ${method} ${path}`)

      if (!path.startsWith("/__devnet")) {
        const decision = ctx.faults.decide(path)
        if (decision.latencyMs > 0) await sleep(decision.latencyMs)
        if (decision.kind === "error") {
          return send(
            res,
            decision.status,
            toJson({ message: `Injected fault on ${path}`, statusCode: decision.status }),
          )
        }
        if (decision.kind === "malformed") return send(res, 200, '{"steps": [{"id": "sale", "kind": ')
        if (decision.kind === "reset") {
          req.socket.destroy()
          return
        }
        if (decision.kind === "hang") {
          await sleep(decision.hangMs)
          req.socket.destroy()
          return
        }
        if (decision.kind === "rate-limited") {
          return send(res, 429, toJson({ message: "Too many requests", statusCode: 429 }), {
            "retry-after": String(decision.retryAfterSeconds),
          })
        }
      }

      const body = method === "POST" ? await readBody(req) : undefined
      const result = await route.handler(ctx, {
        method,
        path,
        chain,
        params,
        query: url.searchParams,
        body,
        headers: req.headers,
      })
      if (result instanceof Reply) return send(res, result.status, toJson(result.body), { ...result.headers })
      send(res, 200, toJson(result))
    } catch (error) {
      answerFailure(res, error)
    }
  }
}

/** The status and message a failure is answered with: its own for an {@link HttpError}, else a 500. */
export function failureOf(error: unknown): { readonly status: number; readonly message: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message }
  const detail =
    error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
  return { status: 500, message: `Internal devnet error: ${detail}` }
}

/** Answers a failed request as JSON; when even that fails (the socket is gone), drops the connection. */
function answerFailure(res: ServerResponse, error: unknown): void {
  try {
    const { status, message } = failureOf(error)
    if (!res.headersSent)
      send(
        res,
        status,
        toJson({ message, statusCode: status, error: status >= 500 ? "Internal Server Error" : "Bad Request" }),
      )
    else res.end()
  } catch {
    res.destroy()
  }
}

/** Starts the HTTP server on 127.0.0.1 (port 0 = a free one) and resolves with it and its port. */
export async function listen(
  ctx: DevnetContext,
  routes: ReadonlyArray<Route>,
  port = 0,
): Promise<{ server: Server; port: number }> {
  const server = createServer(makeHandler(ctx, routes))
  // Connections stay open between requests as a real API's do (a client reuses them within this, less its margin).
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  return { server, port: (server.address() as AddressInfo).port }
}

/** Closes the server and every open connection. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
