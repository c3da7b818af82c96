import { type ApiProxyHandler, type ApiProxyOptions, createApiProxy } from "./createApiProxy.js"
import { OPENSEA_RESPONSE_HEADERS, OPENSEA_ROUTES } from "./openSeaRoutes.js"

/**
 * The options of {@link createOpenSeaProxy}: those of {@link createApiProxy}, with OpenSea's routes and headers set.
 */
export interface OpenSeaProxyOptions
  extends Omit<ApiProxyOptions, "target" | "basePath" | "apiKey" | "routes" | "responseHeaders"> {
  /** The OpenSea API key, sent as `x-api-key` to OpenSea only; never to the browser. */
  readonly apiKey: string
  /** OpenSea's API; `https://api.opensea.io` by default (a test points it at the devnet). */
  readonly target?: string | undefined
  /** Where the proxy is mounted; `/api/opensea` by default: the page's `openSea({ apiBaseUrl })`. */
  readonly basePath?: string | undefined
}

/**
 * {@link createApiProxy} for OpenSea's API v2: it forwards exactly {@link OPENSEA_ROUTES} (what tradekit's
 * `openSea` order book calls) with the key, and passes back OpenSea's rate-limit headers and `retry-after`
 * with the answer, nothing else of its headers. The page runs `openSea({ apiBaseUrl: "/api/opensea" })` with
 * no key.
 *
 * @example
 * // app/api/opensea/[...path]/route.ts (Next.js)
 * const proxy = createOpenSeaProxy({ apiKey: process.env.OPENSEA_API_KEY!, allowedOrigins: ["https://app.example"] })
 * export const GET = proxy, POST = proxy, OPTIONS = proxy
 */
export const createOpenSeaProxy = (options: OpenSeaProxyOptions): ApiProxyHandler =>
  createApiProxy({
    ...options,
    target: options.target ?? "https://api.opensea.io",
    basePath: options.basePath ?? "/api/opensea",
    routes: OPENSEA_ROUTES,
    responseHeaders: OPENSEA_RESPONSE_HEADERS,
  })
