import { matchesRoute, PROTOCOL_ROUTES, type ProxyRoute } from "./protocolRoutes.js"

/** The options of {@link createApiProxy}. */
export interface ApiProxyOptions {
  /**
   * The API the proxy forwards to, such as `https://indexer.example` or `https://gateway.example/chains/1`:
   * a route's path goes after its path. The only host the proxy ever sends a request to.
   */
  readonly target: string
  /**
   * Where the proxy is mounted on the app's origin, such as `/api/reservoir`: the client's `baseApiUrl` is that URL.
   */
  readonly basePath: string
  /** Sent as `x-api-key` on every forwarded request; never sent to the browser. */
  readonly apiKey?: string | undefined
  /** Sent on every forwarded request (an `Authorization: Bearer …`, a gateway's key); never sent to the browser. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /**
   * The origins whose pages may call the proxy from a browser, such as `https://app.example` — the app's own
   * origin included when the proxy is served on it (a browser sends `Origin` on a same-origin POST too). Only
   * these: never the host a request names in its `Host` (a DNS-rebinding page names any), nor another scheme
   * or port. A request with another `Origin` is refused with 403; one without (a server's) is forwarded,
   * without CORS headers. Each must be an http(s) origin, without path or credentials.
   */
  readonly allowedOrigins?: ReadonlyArray<string> | undefined
  /** The routes forwarded; {@link PROTOCOL_ROUTES} by default. */
  readonly routes?: ReadonlyArray<ProxyRoute> | undefined
  /**
   * The headers of the API's answer passed on to the page besides `content-type` (and exposed to it by CORS);
   * `retry-after`, `deprecation` and `sunset` by default. Never anything else: no cookie, no server detail.
   */
  readonly responseHeaders?: ReadonlyArray<string> | undefined
  /** The largest request body forwarded, in bytes (1 MiB by default); a larger one is refused with 413. */
  readonly maxBodyBytes?: number | undefined
  /**
   * The largest answer of the API passed on, in bytes (8 MiB by default): the proxy reads the answer whole
   * before passing it on, and a larger one is cancelled and answered with 502.
   */
  readonly maxResponseBytes?: number | undefined
  /**
   * How long the API has to answer, body included, in milliseconds (30 s by default); then the request is
   * aborted and answered with 504.
   */
  readonly timeout?: number | undefined
  /** The `fetch` the proxy sends with; the platform's by default. */
  readonly fetch?: typeof globalThis.fetch | undefined
}

/** A Web-standard request handler, as Next.js route handlers, Hono, Bun, Deno and Cloudflare Workers take it. */
export type ApiProxyHandler = (request: Request) => Promise<Response>

const DEFAULT_MAX_BODY_BYTES = 2 ** 20
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 2 ** 20
const DEFAULT_TIMEOUT = 30_000

// What the caller may send on: the body's type and tradekit's version headers. Never its cookies, its
// `authorization` or `x-api-key`, nor anything else.
const FORWARDED_REQUEST_HEADERS = ["accept", "content-type", "x-rkc-version", "x-rkui-version"]
// What the API's answer carries back to the page by default; never a cookie.
const DEFAULT_RESPONSE_HEADERS = ["retry-after", "deprecation", "sunset"]

const json = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ message, statusCode: status }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  })

const parseTarget = (target: string): URL => {
  const url = URL.canParse(target) ? new URL(target) : undefined
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== "" ||
    url.password !== "" ||
    url.search !== "" ||
    url.hash !== ""
  ) {
    throw new TypeError(
      "createApiProxy: target must be an http(s) URL without credentials, query or fragment; " +
        `got ${JSON.stringify(target)}`,
    )
  }
  return url
}

const parseBasePath = (basePath: string): string => {
  const trimmed = basePath.replace(/\/+$/, "")
  if (
    !/^(\/[A-Za-z0-9._~-]+)*$/.test(trimmed) ||
    trimmed.split("/").some((segment) => segment === "." || segment === "..")
  ) {
    throw new TypeError(
      `createApiProxy: basePath must be a plain path such as "/api/reservoir"; got ${JSON.stringify(basePath)}`,
    )
  }
  return trimmed
}

/**
 * The request's body, read with a running count: undefined the moment it passes `limit` (the rest is never
 * read, and the stream is cancelled), so a chunked body that never ends costs at most `limit` bytes.
 */
const readBody = async (request: Request, limit: number): Promise<ArrayBuffer | undefined> => {
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    await request.body?.cancel().catch(() => undefined)
    return undefined
  }
  if (request.body === null) return new ArrayBuffer(0)
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > limit) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  return concat(chunks, length).buffer
}

/**
 * The target's answer, read whole with a running count: "too large" the moment it passes `limit`, "timeout"
 * when `deadline` passes first (`timedOut` resolves then); either way the rest is cancelled, so the target's connection
 * is let go.
 */
const readAnswer = async (
  answer: Response,
  limit: number,
  deadline: AbortSignal,
  timedOut: Promise<"timeout">,
): Promise<Uint8Array<ArrayBuffer> | "too large" | "timeout" | "failed"> => {
  if (answer.body === null) return new Uint8Array(0)
  const reader = answer.body.getReader()
  const release = () => reader.cancel().catch(() => undefined)
  if (Number(answer.headers.get("content-length") ?? 0) > limit) {
    release()
    return "too large"
  }
  const chunks: Array<Uint8Array> = []
  let length = 0
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array> | "timeout"
    try {
      next = await Promise.race([reader.read(), timedOut])
    } catch {
      release()
      return deadline.aborted ? "timeout" : "failed"
    }
    if (next === "timeout") {
      release()
      return "timeout"
    }
    if (next.done) return concat(chunks, length)
    length += next.value.byteLength
    if (length > limit) {
      release()
      return "too large"
    }
    chunks.push(next.value)
  }
}

const concat = (chunks: ReadonlyArray<Uint8Array>, length: number): Uint8Array<ArrayBuffer> => {
  const whole = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    whole.set(chunk, at)
    at += chunk.byteLength
  }
  return whole
}

/** A size or time bound: a whole number of at least 1 (`Infinity` would be no bound at all). */
const parseBound = (name: string, value: number): number => {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`createApiProxy: ${name} must be a whole number of at least 1; got ${value}`)
  return value
}

/** An allowed origin as a browser spells it in `Origin`; `https://app.example/` is `https://app.example`. */
const parseOrigin = (origin: string): string => {
  const url = URL.canParse(origin) ? new URL(origin) : undefined
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== "" ||
    url.password !== "" ||
    url.pathname !== "/" ||
    url.search !== "" ||
    url.hash !== ""
  ) {
    throw new TypeError(
      'createApiProxy: allowedOrigins must hold http(s) origins such as "https://app.example"; ' +
        `got ${JSON.stringify(origin)}`,
    )
  }
  return url.origin
}

/** A proxy's options, checked once and resolved to what each request needs. */
interface ResolvedProxy {
  readonly target: URL
  readonly targetBase: string
  readonly basePath: string
  readonly routes: ReadonlyArray<ProxyRoute>
  readonly responseHeaders: ReadonlyArray<string>
  readonly exposed: string
  readonly maxBodyBytes: number
  readonly maxResponseBytes: number
  readonly timeout: number
  readonly send: typeof globalThis.fetch
  readonly allowedOrigins: ReadonlySet<string>
  readonly credentials: Readonly<Record<string, string>>
}

/** Checks every option (a `TypeError` names the first that is wrong) and fills in the defaults. */
const resolveProxy = (options: ApiProxyOptions): ResolvedProxy => {
  const target = parseTarget(options.target)
  const responseHeaders = (options.responseHeaders ?? DEFAULT_RESPONSE_HEADERS).map((name) => name.toLowerCase())
  return {
    target,
    targetBase: target.href.replace(/\/+$/, ""),
    basePath: parseBasePath(options.basePath),
    routes: options.routes ?? PROTOCOL_ROUTES,
    responseHeaders,
    exposed: responseHeaders.join(", "),
    maxBodyBytes: parseBound("maxBodyBytes", options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    maxResponseBytes: parseBound("maxResponseBytes", options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
    timeout: parseBound("timeout", options.timeout ?? DEFAULT_TIMEOUT),
    send: options.fetch ?? globalThis.fetch,
    allowedOrigins: new Set((options.allowedOrigins ?? []).map(parseOrigin)),
    credentials: {
      ...(options.apiKey !== undefined ? { "x-api-key": options.apiKey } : {}),
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    },
  }
}

/** The route's path under the API when `url` names one of the proxy's routes under its `basePath`. */
const routePath = (proxy: ResolvedProxy, url: URL): string | undefined => {
  if (!url.pathname.startsWith(`${proxy.basePath}/`)) return undefined
  const path = url.pathname.slice(proxy.basePath.length)
  return proxy.routes.some((route) => matchesRoute(route, path)) ? path : undefined
}

const routeFor = (proxy: ResolvedProxy, method: string, path: string) =>
  proxy.routes.find((route) => route.method === method && matchesRoute(route, path))

const corsHeaders = (proxy: ResolvedProxy, origin: string | null): Record<string, string> =>
  origin === null
    ? {}
    : { "access-control-allow-origin": origin, "access-control-expose-headers": proxy.exposed, vary: "origin" }

/** The headers sent to the API: the caller's allowed ones, then the proxy's credentials. */
const outgoingHeaders = (proxy: ResolvedProxy, request: Request): Headers => {
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  for (const [name, value] of Object.entries(proxy.credentials)) headers.set(name, value)
  return headers
}

/** One deadline for the whole answer, body included, whatever `fetch` does with its signal. */
interface Deadline {
  readonly signal: AbortSignal
  readonly timedOut: Promise<"timeout">
}

const startDeadline = (timeout: number): Deadline => {
  const signal = AbortSignal.timeout(timeout)
  const timedOut = new Promise<"timeout">((resolve) =>
    signal.addEventListener("abort", () => resolve("timeout"), { once: true }),
  )
  return { signal, timedOut }
}

/** Sends the request to the API: its answer's head, or the refusal to pass on when it fails or is too late. */
const sendToApi = async (
  proxy: ResolvedProxy,
  request: Request,
  outgoing: URL,
  body: ArrayBuffer | undefined,
  deadline: Deadline,
  cors: Record<string, string>,
): Promise<{ readonly answer: Response } | { readonly refusal: Response }> => {
  try {
    const sent = proxy.send(outgoing, {
      method: request.method,
      headers: outgoingHeaders(proxy, request),
      ...(body !== undefined ? { body } : {}),
      redirect: "manual",
      signal: AbortSignal.any([request.signal, deadline.signal]),
    })
    sent.catch(() => undefined)
    const first = await Promise.race([sent, deadline.timedOut])
    if (first === "timeout") {
      // A `fetch` that ignored the signal may still answer: its body is let go unread.
      sent.then(
        (late) => late.body?.cancel(),
        () => undefined,
      )
      return { refusal: json(504, "The API did not answer in time", cors) }
    }
    return { answer: first }
  } catch {
    const late = deadline.signal.aborted
    return {
      refusal: json(late ? 504 : 502, late ? "The API did not answer in time" : "The API could not be reached", cors),
    }
  }
}

/** The API's answer passed on to the caller: read whole within bounds, no redirect, only the allowed headers. */
const passAnswer = async (
  proxy: ResolvedProxy,
  answer: Response,
  deadline: Deadline,
  cors: Record<string, string>,
): Promise<Response> => {
  if (answer.type === "opaqueredirect" || (answer.status >= 300 && answer.status < 400)) {
    await answer.body?.cancel().catch(() => undefined)
    return json(
      502,
      `The API answered with a redirect (status code ${answer.status}), which the proxy does not follow`,
      cors,
    )
  }
  const read = await readAnswer(answer, proxy.maxResponseBytes, deadline.signal, deadline.timedOut)
  if (read === "timeout") return json(504, "The API did not answer in time", cors)
  if (read === "too large") return json(502, "The API's answer is too large", cors)
  if (read === "failed") return json(502, "The API could not be reached", cors)
  const back = new Headers(cors)
  for (const name of ["content-type", ...proxy.responseHeaders]) {
    const value = answer.headers.get(name)
    if (value !== null) back.set(name, value)
  }
  return new Response(read, { status: answer.status, headers: back })
}

/** Forwards a request on one of the routes to the API, and its answer back. */
const forward = async (
  proxy: ResolvedProxy,
  request: Request,
  url: URL,
  path: string,
  origin: string | null,
): Promise<Response> => {
  const cors = corsHeaders(proxy, origin)
  let body: ArrayBuffer | undefined
  if (request.method === "POST") {
    try {
      body = await readBody(request, proxy.maxBodyBytes)
    } catch {
      return json(400, "The request body could not be read", cors)
    }
    if (body === undefined) return json(413, "The request body is too large", cors)
  }

  const outgoing = new URL(`${proxy.targetBase}${path}${url.search}`)
  // By construction already (a route's path after the target's); checked all the same, as the last word.
  if (outgoing.origin !== proxy.target.origin || !outgoing.pathname.startsWith(proxy.target.pathname))
    return json(404, "Not found")

  const deadline = startDeadline(proxy.timeout)
  const sent = await sendToApi(proxy, request, outgoing, body, deadline, cors)
  return "refusal" in sent ? sent.refusal : passAnswer(proxy, sent.answer, deadline, cors)
}

/** The answer to a CORS preflight of `path`: the method it asks for, if one of the routes takes it. */
const preflight = (proxy: ResolvedProxy, request: Request, path: string, origin: string | null): Response => {
  const method = request.headers.get("access-control-request-method") ?? ""
  if (routeFor(proxy, method, path) === undefined) return json(404, "Not found", corsHeaders(proxy, origin))
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(proxy, origin),
      "access-control-allow-methods": method,
      "access-control-allow-headers": "content-type, x-rkc-version, x-rkui-version",
      "access-control-max-age": "600",
    },
  })
}

/**
 * A proxy for a browser app: the page calls the app's own origin, the proxy calls the API with the key, and
 * the key never reaches the page. It forwards only the protocol's routes (see {@link PROTOCOL_ROUTES}) under
 * `basePath`, with the caller's body and version headers plus the key and `headers` — never the caller's
 * cookies or auth — to `target` and nowhere else; follows no redirect; bounds what it reads (`maxBodyBytes`,
 * `maxResponseBytes`, `timeout`); lets a browser page call only from `allowedOrigins` (the app's own origin
 * too, when the proxy is served on it: the request's `Host` is never trusted for that); and answers anything
 * else with 404.
 *
 * The proxy lends the key to whoever can reach it: put it behind your app's own session check or rate limit
 * when that matters. The status socket is not proxied (the client polls without it).
 *
 * @example
 * // app/api/reservoir/[...path]/route.ts (Next.js)
 * const proxy = createApiProxy({
 *   target: "https://indexer.example",
 *   basePath: "/api/reservoir",
 *   apiKey: process.env.API_KEY,
 *   allowedOrigins: ["https://app.example"], // the app's own origin
 * })
 * export const GET = proxy, POST = proxy, OPTIONS = proxy
 * // in the browser: createClient({ chains: [{ ...base, baseApiUrl: `${location.origin}/api/reservoir` }] })
 *
 * // Node's http, with `toNodeListener` from "tradekit/proxy":
 * createServer(toNodeListener(proxy)).listen(3000)
 */
export const createApiProxy = (options: ApiProxyOptions): ApiProxyHandler => {
  const proxy = resolveProxy(options)
  return async (request) => {
    const url = new URL(request.url)
    const origin = request.headers.get("origin")
    // Exactly one of the origins the proxy was told may call, whatever the request's host.
    if (origin !== null && !proxy.allowedOrigins.has(origin))
      return json(403, "This origin may not call the API through this proxy")
    // A page the proxy serves reads its refusals too: a plain 404, not a CORS failure.
    const notFound = () => json(404, "Not found", corsHeaders(proxy, origin))
    const path = routePath(proxy, url)
    if (path === undefined) return notFound()
    if (request.method === "OPTIONS") return preflight(proxy, request, path, origin)
    if (routeFor(proxy, request.method, path) === undefined) return notFound()
    return forward(proxy, request, url, path, origin)
  }
}
