import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ApiHeaders } from "../../chains/ChainConfig.js"
import { type ChainApi, makeChainApi } from "../../services/ChainApi.js"
import { ClientConfig, type RedactedHeaders, redactHeaders } from "../../services/ClientConfig.js"
import {
  HttpTransport,
  type HttpTransportService,
  type TransportRequest,
  type TransportResponse,
} from "../../services/HttpTransport.js"
import { VERSION } from "../../version.js"

/** What the ApiClient service offers: the aggregator API, bound to one chain at a time. */
export interface ApiClientService {
  /**
   * The API at `baseApiUrl` (a chain's, from its configuration): paths are resolved under it, and one that
   * would leave it is refused. Its requests carry the API key, the client's headers, then `headers` (the
   * chain's own, which win by name).
   *
   * @example
   * ```ts
   * const api = (yield* ApiClient).forChain(chain.baseApiUrl, chain.headers)
   * const response = yield* api.request({ path: "/tokens/refresh/v1", body: { token, liquidityOnly: true } })
   * ```
   */
  readonly forChain: (baseApiUrl: string, headers?: ApiHeaders) => ChainApi
}

const warnIfDeprecated = (request: TransportRequest, response: TransportResponse) =>
  response.headers.deprecation === "true"
    ? Effect.logWarning(`tradekit: the API marks ${request.url.pathname} as deprecated`)
    : Effect.void

/**
 * Builds the service over the HttpTransport, composed once for every chain: every request gets tradekit's
 * headers and, per chain, the API key and configured headers (redacted down to the transport), follows only
 * same-origin redirects, logs a warning for `Deprecation: true`, and fails on a non-2xx status.
 */
export const makeApiClient = Effect.gen(function* () {
  const config = yield* ClientConfig
  const transport = yield* HttpTransport

  const headers = {
    "content-type": "application/json",
    "x-rkc-version": VERSION,
    ...(config.settings.uiVersion ? { "x-rkui-version": config.settings.uiVersion } : {}),
  }
  // Per chain (see makeChainApi), so that a chain's own headers win over the client's by name.
  const credentials: RedactedHeaders = {
    ...(config.apiKey !== undefined ? { "x-api-key": config.apiKey } : {}),
    ...config.headers,
  }

  // The credentials win over tradekit's headers by name, as a configured header always has.
  const send: HttpTransportService["send"] = (request) =>
    Effect.tap(transport.send({ ...request, headers: { ...headers, ...request.headers } }), (response) =>
      warnIfDeprecated(request, response),
    )

  const defaults = { retry: config.settings.retry, timeout: config.settings.httpTimeout }
  return {
    forChain: (baseApiUrl, headers) =>
      makeChainApi(send, baseApiUrl, defaults, { ...credentials, ...redactHeaders(headers) }),
  } satisfies ApiClientService
})

/**
 * The aggregator API, as tradekit calls it. Build it over any HttpTransport with `ApiClient.layer`, or over
 * `fetch` with `ApiClient.layerFetch`; bind it to a chain with `forChain`.
 */
export class ApiClient extends Context.Service<ApiClient, ApiClientService>()("tradekit/ApiClient") {
  /** The service over the HttpTransport in context (over an effect/http HttpClient: `httpClientTransport`). */
  static readonly layer: Layer.Layer<ApiClient, never, HttpTransport | ClientConfig> = Layer.effect(
    ApiClient,
    makeApiClient,
  )
  /** The service over the platform's `fetch`. */
  static readonly layerFetch: Layer.Layer<ApiClient, never, ClientConfig> = ApiClient.layer.pipe(
    Layer.provide(HttpTransport.layerFetch()),
  )
}
