import * as Effect from "effect/Effect"
import type { ApiRequestError } from "../../../errors/index.js"
import type { ChainApi } from "../../../services/ChainApi.js"
import type { AnswerReader } from "../../../services/internal/apiRequestErrorOf.js"
import { parseApiBody } from "../../../services/internal/parseApiBody.js"
import { parseRetryAfter, type RetryPolicy } from "../../../services/RetryPolicy.js"
import { OpenSeaFailure } from "../book/OpenSeaFailure.js"
import { quoteLongIntegers } from "./exactIntegers.js"

/** One call of OpenSea's API v2: its answer's JSON body, or an OpenSeaFailure. */
export type OpenSeaCall = (
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  options?: { readonly retry?: RetryPolicy },
) => Effect.Effect<unknown, OpenSeaFailure>

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

/** The OpenSeaFailure of a request that failed, keeping the typed error it came as. */
const failureOf = (error: ApiRequestError): OpenSeaFailure =>
  new OpenSeaFailure(
    error._tag === "APIError" ? error.statusCode : 503,
    error._tag === "APIError" ? error.message : `OpenSea could not be reached: ${error.message}`,
    error._tag === "APIError" && error.retryAfterMs !== undefined
      ? String(Math.ceil(error.retryAfterMs / 1000))
      : undefined,
    error,
  )

/**
 * Calls OpenSea through `api` (OpenSea's base URL, its key, the client's time limit, retry policy and same-origin
 * redirects): a refusal fails with its status, OpenSea's message and its wait, keeping the typed error.
 */
export const makeOpenSeaCall =
  (api: ChainApi): OpenSeaCall =>
  (method, path, body, options = {}) =>
    api
      .request({
        path,
        method,
        ...(body !== undefined ? { body } : {}),
        ...(options.retry !== undefined ? { retry: options.retry } : {}),
      })
      .pipe(
        Effect.map((response) => response.body),
        Effect.mapError(failureOf),
      )
