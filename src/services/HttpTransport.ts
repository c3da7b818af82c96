import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"

/**
 * Request headers, names in lower case: a secret (the API key, a configured header) stays `Redacted` down to the
 * transport.
 */
export type TransportHeaders = Readonly<Record<string, string | Redacted.Redacted<string>>>

/** One HTTP request as tradekit sends it: the full URL, its query included, and the body already encoded. */
export interface TransportRequest {
  readonly method: string
  readonly url: URL
  readonly headers: TransportHeaders
  readonly body?: string | undefined
}

/** The answer to one request, with its whole body read; header names in lower case. */
export interface TransportResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** A request that got no answer, or whose answer could not be read. */
export class TransportError {
  readonly _tag = "TransportError"
  constructor(
    /**
     * What failed: `"TransportError"` (no answer: the network, a refused connection) or `"DecodeError"` (the body could
     * not be read).
     */
    readonly reason: string,
    readonly cause: unknown,
    readonly description?: string | undefined,
  ) {}
}

/** What the HttpTransport service offers: one request, one answer. */
export interface HttpTransportService {
  /**
   * Sends `request` as it is and reads the whole answer. A redirect is not followed: it comes back as the
   * answer it is (a browser's opaque one with status 0). Interrupting the effect aborts the request.
   */
  readonly send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportError>
}

/** The headers with every secret revealed, for the wire. */
export const revealHeaders = (headers: TransportHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Redacted.isRedacted(value) ? Redacted.value(value) : value]),
  )

const readAnswer = (response: Response): Promise<TransportResponse> =>
  response.text().then(
    (body) => ({ status: response.status, headers: Object.fromEntries(response.headers), body }),
    (cause) => Promise.reject(new TransportError("DecodeError", cause)),
  )

/** The transport over `fetch`: the given one, else the global one at the time of each request. */
const fetchTransport = (fetch: typeof globalThis.fetch | undefined): HttpTransportService => ({
  send: (request) =>
    Effect.tryPromise({
      try: (signal) =>
        (fetch ?? globalThis.fetch)(request.url, {
          method: request.method,
          headers: revealHeaders(request.headers),
          ...(request.body !== undefined ? { body: request.body } : {}),
          // Redirects come back to the API client, which follows only those that stay on the API.
          redirect: "manual",
          signal,
        }).then(readAnswer),
      catch: (cause) => (cause instanceof TransportError ? cause : new TransportError("TransportError", cause)),
    }),
})

/**
 * How tradekit's requests reach the network: `fetch` by default ({@link HttpTransport.layerFetch}), the fake
 * API of `tradekit/testing` in tests, or an effect/http `HttpClient` with `httpClientTransport`.
 *
 * @example
 * ```ts
 * // Record every request the client sends, over the global fetch.
 * const recording: typeof fetch = (input, init) => (log(input), fetch(input, init))
 * Tradekit.layerWith({ chains }, HttpTransport.layerFetch(recording))
 * ```
 */
export class HttpTransport extends Context.Service<HttpTransport, HttpTransportService>()("tradekit/HttpTransport") {
  /** The transport over `fetch`: the given one, else the global `fetch` (read at each request). */
  static readonly layerFetch = (fetch?: typeof globalThis.fetch): Layer.Layer<HttpTransport> =>
    Layer.succeed(HttpTransport, fetchTransport(fetch))
}
