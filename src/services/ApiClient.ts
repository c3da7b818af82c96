import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as HttpMethod from "effect/http/HttpMethod"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { APIError, type ApiRequestError, HttpRequestError } from "../errors/index.js"
import { VERSION } from "../version.js"
import { ClientConfig } from "./ClientConfig.js"
import { decodeApiBody, prototypeSafeReviver } from "./decodeApiBody.js"
import { DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy, withRetry } from "./RetryPolicy.js"
import { endpointUrl } from "./endpointUrl.js"

/** A request to the aggregator API of one chain. */
export interface ApiRequest {
  /** The chain's API base URL (from its configuration). */
  readonly baseApiUrl: string
  /** A path on that API, such as `/execute/buy/v7`; anything that leaves its origin is refused. */
  readonly path: string
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

/** What the ApiClient service offers. */
export interface ApiClientService {
  /**
   * Sends a request and returns its 2xx answer; any other status fails with an APIError. A transient failure
   * is retried by the request's (else the client's) retry policy.
   */
  readonly request: (request: ApiRequest) => Effect.Effect<ApiResponse, ApiRequestError>
  /** Sends a request and decodes its 2xx body with `schema`, keeping fields the schema does not name. */
  readonly requestDecoded: <A, I>(
    request: ApiRequest,
    schema: Schema.Codec<A, I>,
  ) => Effect.Effect<A, ApiRequestError>
}

const maxRedirects = 5

const errorMessageOf = (body: unknown, status: number): { message: string; statusCode: number } => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const text = typeof record.message === "string" ? record.message : typeof record.error === "string" ? record.error : undefined
  return {
    message: text ?? (typeof body === "string" && body !== "" ? body : `Request failed with status code ${status}`),
    statusCode: typeof record.statusCode === "number" ? record.statusCode : status,
  }
}

/**
 * What went wrong with a request, without the request itself: the platform's error holds the request and its
 * headers, and those are only redacted when rendered inside a fiber — serialized later (`JSON.stringify`, an
 * error tracker, `util.inspect`) they would show the API key.
 */
const transportCauseOf = ({ reason }: HttpClientError.HttpClientError) => ({
  _tag: reason._tag,
  ...(reason.description !== undefined ? { description: reason.description } : {}),
  cause: reason.cause,
})

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

/** Parses an answer's text: JSON when it is JSON (never with a key that could reach a prototype), else the text. */
const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text, prototypeSafeReviver)
  } catch {
    return text
  }
}

/**
 * Builds the service over an HttpClient: every request gets tradekit's headers (the API key redacted in
 * logs), follows only same-origin redirects, logs a warning for `Deprecation: true`, and maps failures to
 * typed errors.
 */
export const makeApiClient = Effect.gen(function* () {
  const config = yield* ClientConfig

  const headers = Headers.fromInput({
    "content-type": "application/json",
    "x-rkc-version": VERSION,
    ...(config.settings.uiVersion ? { "x-rkui-version": config.settings.uiVersion } : {}),
    ...(config.apiKey !== undefined ? { "x-api-key": Redacted.value(config.apiKey) } : {}),
  })

  // Composed once: every request gets tradekit's headers, redirects come back to `send` (which follows only
  // same-origin ones), and no b3/traceparent headers go out: a browser would preflight them and the API's
  // CORS policy need not allow them.
  const http = (yield* HttpClient.HttpClient).pipe(
    HttpClient.mapRequest(HttpClientRequest.setHeaders(headers)),
    HttpClient.transformResponse((response) =>
      response.pipe(
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" }),
        Effect.provideService(HttpClient.TracerPropagationEnabled, false),
      ),
    ),
  )

  const transportError = (endpoint: string, error: HttpClientError.HttpClientError) =>
    new HttpRequestError({ reason: "network", endpoint, cause: transportCauseOf(error), message: "Network Error" })

  const send = (
    method: HttpMethod.HttpMethod,
    url: URL,
    request: ApiRequest,
    redirectsLeft: number,
  ): Effect.Effect<ApiResponse, ApiRequestError> =>
    Effect.gen(function* () {
      let httpRequest = HttpClientRequest.make(method)(url.href)
      if (request.body !== undefined && method !== "GET" && method !== "HEAD") {
        httpRequest = yield* HttpClientRequest.bodyJson(httpRequest, request.body).pipe(
          Effect.mapError(
            (error) =>
              new HttpRequestError({
                reason: "encoding",
                endpoint: request.path,
                cause: error.cause,
                message: `Could not encode the request body as JSON: ${messageOf(error.cause)}`,
              }),
          ),
        )
      }
      const response: HttpClientResponse.HttpClientResponse = yield* http
        .execute(httpRequest)
        .pipe(Effect.mapError((error) => transportError(request.path, error)))
      if (response.headers["deprecation"] === "true") {
        yield* Effect.logWarning(`tradekit: the API marks ${url.pathname} as deprecated`)
      }
      if (response.status === 0 || (response.status >= 300 && response.status < 400)) {
        const location = response.headers["location"]
        const target = location === undefined ? undefined : Option.getOrUndefined(Option.liftThrowable(() => new URL(location, url))())
        if (target === undefined || target.origin !== url.origin || redirectsLeft === 0) {
          return yield* new HttpRequestError({
            reason: "redirect",
            endpoint: request.path,
            message: `Refused a redirect away from the API (status code ${response.status})`,
          })
        }
        return yield* send(response.status === 303 ? "GET" : method, target, request, redirectsLeft - 1)
      }
      const text = yield* response.text.pipe(Effect.mapError((error) => transportError(request.path, error)))
      const body = parseBody(text)
      if (response.status < 200 || response.status >= 300) {
        const { message, statusCode } = errorMessageOf(body, response.status)
        const now = yield* Clock.currentTimeMillis
        return yield* new APIError({
          message,
          statusCode,
          rawError: body,
          endpoint: request.path,
          retryAfterMs: parseRetryAfter(response.headers["retry-after"], now),
        })
      }
      return { status: response.status, body }
    })

  const defaultRetry = config.settings.retry ?? DEFAULT_RETRY_POLICY

  const requestOnce = (request: ApiRequest): Effect.Effect<ApiResponse, ApiRequestError> =>
    Effect.gen(function* () {
      const url = yield* Result.match(endpointUrl(request.baseApiUrl, request.path), {
        onFailure: Effect.fail,
        onSuccess: Effect.succeed,
      })
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value === undefined) continue
        for (const item of typeof value === "string" ? [value] : value) url.searchParams.append(key, item)
      }
      const method = (request.method ?? "POST").toUpperCase() as HttpMethod.HttpMethod
      yield* Effect.logDebug(`tradekit: ${method} ${url.pathname}`)
      const sent = send(method, url, request, maxRedirects)
      const timeout = config.settings.httpTimeout
      return yield* timeout === undefined
        ? sent
        : sent.pipe(
            Effect.timeoutOrElse({
              duration: Duration.millis(timeout),
              orElse: () =>
                Effect.fail(
                  new HttpRequestError({
                    reason: "timeout",
                    endpoint: request.path,
                    message: `timeout of ${timeout}ms exceeded`,
                  }),
                ),
            }),
          )
    })

  const request = (req: ApiRequest): Effect.Effect<ApiResponse, ApiRequestError> =>
    withRetry(req.retry ?? defaultRetry, req.path, requestOnce(req))

  const requestDecoded = <A, I>(req: ApiRequest, schema: Schema.Codec<A, I>) =>
    Effect.flatMap(request(req), (response) => decodeApiBody(schema, req.path, response.body))

  return { request, requestDecoded } satisfies ApiClientService
})

/**
 * The aggregator API, as tradekit calls it. Build it over any HttpClient with `ApiClient.layer`, or over
 * `fetch` with `ApiClient.layerFetch`.
 */
export class ApiClient extends Context.Service<ApiClient, ApiClientService>()("tradekit/ApiClient") {
  /** The service over the HttpClient in context. */
  static readonly layer: Layer.Layer<ApiClient, never, HttpClient.HttpClient | ClientConfig> = Layer.effect(
    ApiClient,
    makeApiClient,
  )
  /** The service over the platform's `fetch`. */
  static readonly layerFetch: Layer.Layer<ApiClient, never, ClientConfig> = ApiClient.layer.pipe(
    Layer.provide(FetchHttpClient.layer),
  )
}
