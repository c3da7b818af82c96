import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { APIError, type ApiRequestError, HttpRequestError } from "../../errors/index.js"
import type { TransportError, TransportResponse } from "../HttpTransport.js"
import { parseRetryAfter } from "../RetryPolicy.js"
import { isRedirect } from "./followSameOriginRedirects.js"
import { parseApiBody } from "./parseApiBody.js"

/** How an API words its answers: the text of a body, and the message, status and wait of a refusal. */
export interface AnswerReader {
  /** The book named in its refusals, when it is not the Reservoir protocol's. */
  readonly book?: string
  readonly parse: (text: string) => unknown
  readonly refusal: (
    body: unknown,
    status: number,
    headers: Readonly<Record<string, string>>,
    now: number,
  ) => { readonly message: string; readonly statusCode: number; readonly retryAfterMs: number | undefined }
}

const errorMessageOf = (body: unknown, status: number): { message: string; statusCode: number } => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const text =
    typeof record.message === "string" ? record.message : typeof record.error === "string" ? record.error : undefined
  return {
    message: text ?? (typeof body === "string" && body !== "" ? body : `Request failed with status code ${status}`),
    statusCode: typeof record.statusCode === "number" ? record.statusCode : status,
  }
}

/**
 * A failure to reach the API or to read its answer. Its cause says what failed, without the request: a
 * transport's error may hold the request and its headers, which serialized later (`JSON.stringify`, an error
 * tracker, `util.inspect`) would show the API key.
 */
export const networkErrorOf = (endpoint: string, { reason, description, cause }: TransportError): HttpRequestError =>
  new HttpRequestError({
    reason: "network",
    endpoint,
    cause: { _tag: reason, ...(description !== undefined ? { description } : {}), cause },
    message: "Network Error",
  })

/**
 * The typed error of a non-2xx answer from `endpoint`: a redirect the client did not follow is a refusal, any
 * other status an APIError with the body's message and status code (and how long `Retry-After` asks to wait).
 */
export const apiRequestErrorOf = (
  endpoint: string,
  response: TransportResponse,
  reader: AnswerReader = RESERVOIR_ANSWERS,
): Effect.Effect<never, ApiRequestError> => {
  if (isRedirect(response.status)) {
    return Effect.fail(
      new HttpRequestError({
        reason: "redirect",
        endpoint,
        message: `Refused a redirect away from the API (status code ${response.status})`,
      }),
    )
  }
  return Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const body = reader.parse(response.body)
    const { message, statusCode, retryAfterMs } = reader.refusal(body, response.status, response.headers, now)
    return Effect.fail(
      new APIError({
        message,
        statusCode,
        rawError: body,
        endpoint,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(reader.book !== undefined ? { book: reader.book } : {}),
      }),
    )
  })
}

/** The Reservoir protocol's answers: `{ message, statusCode }` refusals, `Retry-After` in seconds or as a date. */
export const RESERVOIR_ANSWERS: AnswerReader = {
  parse: parseApiBody,
  refusal: (body, status, headers, now) => ({
    ...errorMessageOf(body, status),
    retryAfterMs: parseRetryAfter(headers["retry-after"], now),
  }),
}
