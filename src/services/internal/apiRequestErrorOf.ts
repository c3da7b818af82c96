import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as HttpClientError from "effect/http/HttpClientError"
import { APIError, type ApiRequestError, HttpRequestError } from "../../errors/index.js"
import { parseRetryAfter } from "../RetryPolicy.js"
import { isRedirect } from "./followSameOriginRedirects.js"
import { parseApiBody } from "./parseApiBody.js"

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

/** A failure to reach the API or to read its answer. */
export const networkErrorOf = (endpoint: string, error: HttpClientError.HttpClientError): HttpRequestError =>
  new HttpRequestError({ reason: "network", endpoint, cause: transportCauseOf(error), message: "Network Error" })

/**
 * The typed error of a failed request to `endpoint`: a redirect the client did not follow is a refusal, any
 * other non-2xx answer an APIError with the body's message and status code (and how long `Retry-After` asks
 * to wait), and anything else a network error.
 */
export const apiRequestErrorOf = (endpoint: string, error: HttpClientError.HttpClientError): Effect.Effect<never, ApiRequestError> => {
  if (error.reason._tag !== "StatusCodeError") return Effect.fail(networkErrorOf(endpoint, error))
  const response = error.reason.response
  if (isRedirect(response.status)) {
    return Effect.fail(
      new HttpRequestError({
        reason: "redirect",
        endpoint,
        message: `Refused a redirect away from the API (status code ${response.status})`,
      }),
    )
  }
  return Effect.gen(function* () {
    const text = yield* response.text.pipe(Effect.mapError((cause) => networkErrorOf(endpoint, cause)))
    const body = parseApiBody(text)
    const { message, statusCode } = errorMessageOf(body, response.status)
    const now = yield* Clock.currentTimeMillis
    return yield* new APIError({
      message,
      statusCode,
      rawError: body,
      endpoint,
      retryAfterMs: parseRetryAfter(response.headers["retry-after"], now),
    })
  })
}
