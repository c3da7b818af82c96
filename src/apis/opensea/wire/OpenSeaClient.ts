import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as Schema from "effect/Schema"
import type { ApiRequestError } from "../../../errors/index.js"
import { makeChainApi } from "../../../services/ChainApi.js"
import type { TransportError, TransportRequest, TransportResponse } from "../../../services/HttpTransport.js"
import type { AnswerReader } from "../../../services/internal/apiRequestErrorOf.js"
import { parseApiBody } from "../../../services/internal/parseApiBody.js"
import { parseRetryAfter, type RetryPolicy } from "../../../services/RetryPolicy.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { decodeAnswer } from "./decode.js"
import { quoteLongIntegers } from "./exactIntegers.js"
import { reasonOfRequestError } from "./statusReasons.js"

/** The HTTP method of a request to OpenSea. */
export type OpenSeaMethod = "GET" | "POST"

/** What a request may change from the client's defaults: its retry policy (a post is never retried blindly). */
export interface OpenSeaRequestOptions {
  readonly retry?: RetryPolicy
}

/**
 * The one way the OpenSea wing talks to OpenSea's API v2: over tradekit's transport, at OpenSea's base URL, with
 * the API key in `x-api-key` (redacted, never logged), the client's time limit, retry policy and same-origin
 * redirects. A refusal or an outage fails with an OpenSeaError whose reason the wire read from the answer.
 */
export interface OpenSeaClient {
  /** Sends a request: the answer's JSON body. */
  readonly request: (
    method: OpenSeaMethod,
    path: string,
    body?: unknown,
    options?: OpenSeaRequestOptions,
  ) => Effect.Effect<unknown, OpenSeaError>
  /** Sends a request and decodes its answer with `schema`: an answer of another shape is unreadable. */
  readonly ask: <A, I>(
    schema: Schema.Codec<A, I>,
    method: OpenSeaMethod,
    path: string,
    body?: unknown,
  ) => Effect.Effect<A, OpenSeaError>
}

/** Where and how the client reaches OpenSea. */
export interface OpenSeaClientOptions {
  /** Sends one HTTP request (tradekit's transport). */
  readonly send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportError>
  readonly apiBaseUrl: string
  /** OpenSea's API key; none behind a proxy that adds it. */
  readonly apiKey?: string | undefined
  readonly retry: RetryPolicy
  readonly timeout: number
}

/** OpenSea's message for a refusal: its `errors` joined (strings, or `{ message }`), else its `message` or `detail`. */
const refusalMessage = (status: number, body: unknown): string => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const text = (entry: unknown): string =>
    typeof entry === "string"
      ? entry
      : typeof entry === "object" && entry !== null
        ? String((entry as Record<string, unknown>).message ?? JSON.stringify(entry))
        : String(entry)
  if (Array.isArray(record.errors) && record.errors.length > 0) return record.errors.map(text).join("; ")
  if (typeof record.message === "string" && record.message !== "") return record.message
  if (typeof record.detail === "string" && record.detail !== "") return record.detail
  if (typeof body === "string" && body !== "") return body
  return `OpenSea answered ${status}`
}

/**
 * OpenSea's answers: refusals worded from `errors` / `message` / `detail`, and the wait from `retry-after`
 * (seconds or a date), else `x-ratelimit-reset` (epoch seconds).
 */
export const OPENSEA_ANSWERS: AnswerReader = {
  book: "opensea",
  // Amounts above 2^53 written as JSON numbers come out exact, as decimal strings.
  parse: (text) => parseApiBody(quoteLongIntegers(text)),
  refusal: (body, status, headers, now) => {
    const reset = Number(headers["x-ratelimit-reset"])
    return {
      message: refusalMessage(status, body),
      statusCode: status,
      retryAfterMs:
        parseRetryAfter(headers["retry-after"], now) ??
        (Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : undefined),
    }
  },
}

/** The OpenSeaError of a request that failed: the reason its answer stands for, keeping the request's typed error. */
export const requestFailure = (error: ApiRequestError): OpenSeaError =>
  new OpenSeaError({
    reason: reasonOfRequestError(error),
    message: error._tag === "APIError" ? error.message : `OpenSea could not be reached: ${error.message}`,
    requestError: error,
  })

/** The client over `options.send`: requests go to `options.apiBaseUrl` with the key, as JSON. */
export const makeOpenSeaClient = (options: OpenSeaClientOptions): OpenSeaClient => {
  const api = makeChainApi(
    (request) =>
      options.send({
        ...request,
        headers: { accept: "application/json", "content-type": "application/json", ...request.headers },
      }),
    options.apiBaseUrl,
    { retry: options.retry, timeout: options.timeout },
    options.apiKey === undefined ? {} : { "x-api-key": Redacted.make(options.apiKey) },
    OPENSEA_ANSWERS,
  )
  const request: OpenSeaClient["request"] = (method, path, body, requestOptions = {}) =>
    api
      .request({
        path,
        method,
        ...(body !== undefined ? { body } : {}),
        ...(requestOptions.retry !== undefined ? { retry: requestOptions.retry } : {}),
      })
      .pipe(
        Effect.map((response) => response.body),
        Effect.mapError(requestFailure),
      )
  return {
    request,
    ask: (schema, method, path, body) => Effect.flatMap(request(method, path, body), decodeAnswer(schema, path)),
  }
}
