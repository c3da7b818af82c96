import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { type ApiRequestError, HttpRequestError, type UnsafeEndpointError } from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import { pollAnswer } from "../polling/pollAnswer.js"
import type { PollOptions } from "../polling/pollUntil.js"
import type { RedactedHeaders } from "./ClientConfig.js"
import { decodeApiBody } from "./decodeApiBody.js"
import { endpointUrl } from "./endpointUrl.js"
import type { HttpTransportService, TransportRequest } from "./HttpTransport.js"
import {
  type AnswerReader,
  apiRequestErrorOf,
  networkErrorOf,
  RESERVOIR_ANSWERS,
} from "./internal/apiRequestErrorOf.js"
import { followSameOriginRedirects } from "./internal/followSameOriginRedirects.js"
import { type RetryPolicy, withRetry } from "./RetryPolicy.js"

/** A request to the API of one chain. */
export interface ApiRequest {
  /** A path on the API, such as `/execute/buy/v7`; anything that leaves its origin is refused. */
  readonly path: string
  /** POST when absent. */
  readonly method?: string
  readonly body?: unknown
  readonly query?: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  /** How to retry a transient failure; the client's policy when absent. */
  readonly retry?: RetryPolicy
}

/** A 2xx answer of the API, its body parsed as JSON. */
export interface ApiResponse {
  readonly status: number
  readonly body: unknown
}

/**
 * The aggregator API of one chain: every path is resolved under its base URL, and a path that would leave
 * the API's origin is refused with an UnsafeEndpointError before anything is sent.
 */
export interface ChainApi {
  /** The URL `path` names on this API; an UnsafeEndpointError when it would leave it. */
  readonly resolve: (path: string) => Effect.Effect<URL, UnsafeEndpointError>
  /**
   * Sends a request and returns its 2xx answer; any other status fails with an APIError. Each try is bounded
   * by the client's `httpTimeout`, and a transient failure is retried by the request's (else the client's)
   * retry policy: at most `(retry.times + 1) × httpTimeout` plus the retry delays in all.
   */
  readonly request: (request: ApiRequest) => Effect.Effect<ApiResponse, ApiRequestError>
  /** Sends a request and decodes its 2xx body with `schema`, keeping fields the schema does not name. */
  readonly requestDecoded: <A, I>(request: ApiRequest, schema: Schema.Codec<A, I>) => Effect.Effect<A, ApiRequestError>
  /**
   * Asks once and decodes the 2xx body with `schema`, the whole exchange (retries included) bounded by
   * `httpTimeout`: one attempt of a poll, which asks again on its own.
   */
  readonly ask: <A, I>(request: ApiRequest, schema: Schema.Codec<A, I>) => Effect.Effect<A, ApiRequestError>
  /**
   * Asks the API the same request until `settled` says its decoded answer is final, at most
   * `options.attempts` times, `options.interval` apart. A transient failure (a 5xx, a dropped connection, a
   * body the schema refuses) is one "not yet"; `settled` may fail to end the poll at once (a reported
   * failure); once every attempt answered "not yet", the poll fails with `options.onExhausted`. Each attempt,
   * its retries included, is bounded by `httpTimeout` (a poll asks again on its own), so an API that never
   * answers ends the poll within `attempts × max(interval, httpTimeout)`.
   *
   * @example
   * ```ts
   * api.poll({ path: `/transactions/${hash}/synced/v1`, method: "GET" }, CheckResponse, (answer) =>
   *   Effect.succeed(answer.synced === true ? Option.some(answer) : Option.none()),
   *   { interval: 1000, attempts: 30, onExhausted: (attempts) => TransactionTimeoutError.of({ txHash: hash, attempts })
   * })
   * ```
   */
  readonly poll: <A, I, B, E, E2>(
    request: ApiRequest,
    schema: Schema.Codec<A, I>,
    settled: (answer: A) => Effect.Effect<Option.Option<B>, E>,
    options: PollOptions<E2>,
  ) => Effect.Effect<B, Exclude<ApiRequestError | E, FailedAnswer> | E2>
  /**
   * The API key and headers to open the status socket at `websocketUrl` with: this API's, when the socket is
   * on the API's origin (`wss://host` for `https://host`); none for a socket anywhere else.
   */
  readonly socketHeaders: (websocketUrl: string) => Readonly<Record<string, string>> | undefined
}

/** The failures a poll takes for "not yet" (see `notYetOnFailedAnswer`). */
type FailedAnswer = Exclude<ApiRequestError, UnsafeEndpointError>

/** What a chain-bound client applies to each request unless the request says otherwise. */
export interface ChainApiDefaults {
  readonly retry: RetryPolicy
  /** Milliseconds a request may take, its answer's body included; `Infinity` sets no limit. */
  readonly timeout: number
}

const MAX_REDIRECTS = 5

/** The request's body as JSON text: none on a GET or HEAD, nor when there is none to send. */
const encodeBody = (method: string, request: ApiRequest): Effect.Effect<string | undefined, HttpRequestError> =>
  request.body === undefined || method === "GET" || method === "HEAD"
    ? Effect.succeed(undefined)
    : Effect.try({
        try: () => JSON.stringify(request.body),
        catch: (cause) =>
          new HttpRequestError({
            reason: "encoding",
            endpoint: request.path,
            cause,
            message: `Could not encode the request body as JSON: ${messageOf(cause)}`,
          }),
      })

/** The URL of `path` on the API, with `query` appended: a list as repeated parameters. */
const withQuery = (url: URL, query: ApiRequest["query"]): URL => {
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of value === undefined ? [] : typeof value === "string" ? [value] : value)
      url.searchParams.append(key, item)
  }
  return url
}

/**
 * Binds the API client to the API at `baseApiUrl`. `send` is the transport composed once for every chain
 * (tradekit's headers, the deprecation warning); here each path is resolved under the base URL, the chain's
 * `credentials` (API key, configured headers) are set on each request, redirects are followed only under
 * the API, and each answer is read, mapped to tradekit's errors at this one boundary, bounded in time and
 * retried. `reader` words the answers of an API that is not the Reservoir protocol's (its refusals, its numbers).
 */
export const makeChainApi = (
  send: HttpTransportService["send"],
  baseApiUrl: string,
  defaults: ChainApiDefaults,
  credentials: RedactedHeaders = {},
  reader: AnswerReader = RESERVOIR_ANSWERS,
): ChainApi => {
  const secrets = Object.fromEntries(Object.entries(credentials).map(([name, value]) => [name, Redacted.value(value)]))
  const resolve = (path: string): Effect.Effect<URL, UnsafeEndpointError> =>
    Result.match(endpointUrl(baseApiUrl, path), { onFailure: Effect.fail, onSuccess: Effect.succeed })
  // A redirect is followed only under this API's base path, as an endpoint is resolved.
  const exchange = followSameOriginRedirects(send, baseApiUrl, MAX_REDIRECTS)

  // The time limit wraps the whole exchange: it covers reading the body too.
  const bounded = <A>(path: string, effect: Effect.Effect<A, ApiRequestError>): Effect.Effect<A, ApiRequestError> =>
    Effect.timeoutOrElse(effect, {
      duration: Duration.millis(defaults.timeout),
      orElse: () =>
        Effect.fail(
          new HttpRequestError({
            reason: "timeout",
            endpoint: path,
            message: `timeout of ${defaults.timeout}ms exceeded`,
          }),
        ),
    })

  const sendOnce = (request: ApiRequest): Effect.Effect<ApiResponse, ApiRequestError> => {
    const method = (request.method ?? "POST").toUpperCase()
    const sent = Effect.gen(function* () {
      const body = yield* encodeBody(method, request)
      const url = withQuery(yield* resolve(request.path), request.query)
      const outgoing: TransportRequest = { method, url, headers: credentials, body }
      yield* Effect.logDebug(`tradekit: ${method} ${url.pathname}`)
      const response = yield* exchange(outgoing).pipe(Effect.mapError((error) => networkErrorOf(request.path, error)))
      if (response.status < 200 || response.status >= 300)
        return yield* apiRequestErrorOf(request.path, response, reader)
      return { status: response.status, body: reader.parse(response.body) }
    })
    return bounded(request.path, sent)
  }

  // Each request may bring its own retry policy.
  const request = (req: ApiRequest): Effect.Effect<ApiResponse, ApiRequestError> =>
    withRetry(req.retry ?? defaults.retry, req.path, sendOnce(req))

  const requestDecoded = <A, I>(req: ApiRequest, schema: Schema.Codec<A, I>): Effect.Effect<A, ApiRequestError> =>
    Effect.flatMap(request(req), (response) => decodeApiBody(schema, req.path, response.body))

  const ask = <A, I>(req: ApiRequest, schema: Schema.Codec<A, I>): Effect.Effect<A, ApiRequestError> =>
    bounded(req.path, requestDecoded(req, schema))

  const poll = <A, I, B, E, E2>(
    req: ApiRequest,
    schema: Schema.Codec<A, I>,
    settled: (answer: A) => Effect.Effect<Option.Option<B>, E>,
    options: PollOptions<E2>,
  ) => pollAnswer(ask(req, schema), settled, options)

  const socketHeaders = (websocketUrl: string) =>
    Object.keys(secrets).length > 0 && sameOrigin(websocketUrl, baseApiUrl) ? secrets : undefined

  return { resolve, request, requestDecoded, ask, poll, socketHeaders }
}

/** Whether a websocket URL is on the origin of an http(s) URL: `wss://host:port` is `https://host:port`. */
const sameOrigin = (websocketUrl: string, baseApiUrl: string): boolean => {
  const parse = (url: string) => Option.getOrUndefined(Option.liftThrowable(() => new URL(url))())
  const socket = parse(websocketUrl.replace(/^ws(s?):/i, "http$1:"))
  return /^wss?:/i.test(websocketUrl) && socket !== undefined && socket.origin === parse(baseApiUrl)?.origin
}
