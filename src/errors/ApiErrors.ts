import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * The aggregator API answered with an error: a non-2xx status, or a 2xx body that carries an `error`.
 * `message` is the server's own text, `statusCode` its status (500 when it gave none), `rawError` the body.
 */
export class APIError extends Schema.TaggedError<APIError>()("APIError", {
  message: Schema.String,
  statusCode: Schema.Number,
  rawError: Schema.optional(Schema.Unknown),
  endpoint: Schema.optional(Schema.String),
  /** How long the server asked to wait before trying again (`Retry-After`), in milliseconds. */
  retryAfterMs: Schema.optional(Schema.Number),
  /** The order book that refused, when it is not the Reservoir protocol's (`"opensea"`). */
  book: Schema.optional(Schema.String),
}) {}

/** Why an HTTP request failed before the server could answer it. */
export const HttpFailureReason = Schema.Literals(["network", "timeout", "aborted", "redirect", "encoding"])

/**
 * A request to the API did not complete: the network failed, it timed out, it was aborted, the server
 * redirected it to another origin, or its body could not be encoded as JSON (a cycle; nothing was sent).
 * `cause` keeps the underlying failure.
 */
export class HttpRequestError extends Schema.TaggedError<HttpRequestError>()("HttpRequestError", {
  message: Schema.String,
  reason: HttpFailureReason,
  endpoint: Schema.String,
  cause: Schema.optional(Schema.Unknown),
}) {}

/**
 * The API answered with a body that does not have the shape tradekit relies on. Nothing built from it was
 * signed or sent.
 */
export class MalformedResponseError extends Schema.TaggedError<MalformedResponseError>()("MalformedResponseError", {
  message: Schema.String,
  endpoint: Schema.String,
  issue: Schema.String,
}) {
  /** Builds the error from the endpoint and the decoder's description of what is wrong. */
  static of(fields: { readonly endpoint: string; readonly issue: string }): MalformedResponseError {
    return new MalformedResponseError({
      ...fields,
      message: formatMessage(`Malformed response from ${fields.endpoint}`, { details: fields.issue }),
    })
  }
}

/**
 * A step asked tradekit to call an endpoint that is not a path on the chain's API origin. Refused, so the
 * API key can never be sent to another host.
 */
export class UnsafeEndpointError extends Schema.TaggedError<UnsafeEndpointError>()("UnsafeEndpointError", {
  message: Schema.String,
  endpoint: Schema.String,
  baseApiUrl: Schema.String,
}) {
  /** Builds the error for an endpoint that would leave `baseApiUrl`'s origin. */
  static of(fields: { readonly endpoint: string; readonly baseApiUrl: string }): UnsafeEndpointError {
    return new UnsafeEndpointError({
      ...fields,
      message: formatMessage("Refused to call an endpoint outside the API", {
        meta: { Endpoint: fields.endpoint, API: fields.baseApiUrl },
      }),
    })
  }
}

/**
 * A poll gave up: the API never returned the data (`kind: "data"`) or an ok answer (`kind: "ok"`) within
 * its attempts.
 */
export class PollTimeoutError extends Schema.TaggedError<PollTimeoutError>()("PollTimeoutError", {
  message: Schema.String,
  kind: Schema.Literals(["data", "ok"]),
  attempts: Schema.Number,
}) {
  /** Builds the error with the message the older SDK used for each kind. */
  static of(fields: { readonly kind: "data" | "ok"; readonly attempts: number }): PollTimeoutError {
    const what = fields.kind === "data" ? "get data" : "get an ok response"
    return new PollTimeoutError({
      ...fields,
      message: `Failed to ${what} after ${fields.attempts} attempt(s), aborting`,
    })
  }
}

/**
 * The API asked (with `Retry-After`) to wait longer before trying again than tradekit retries after. Not
 * waited for: the request failed at once. `retryAfterMs` is what the server asked for, `maxRetryAfterMs` the
 * longest wait tradekit accepts.
 */
export class RetryAfterTooLongError extends Schema.TaggedError<RetryAfterTooLongError>()("RetryAfterTooLongError", {
  message: Schema.String,
  endpoint: Schema.String,
  statusCode: Schema.Number,
  retryAfterMs: Schema.Number,
  maxRetryAfterMs: Schema.Number,
}) {
  /** Builds the error for a server that asked to wait `retryAfterMs` when tradekit waits at most `maxRetryAfterMs`. */
  static of(fields: {
    readonly endpoint: string
    readonly statusCode: number
    readonly retryAfterMs: number
    readonly maxRetryAfterMs: number
  }): RetryAfterTooLongError {
    const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`
    const short = `The API asked to wait ${seconds(fields.retryAfterMs)} before trying again, longer than tradekit waits (${seconds(fields.maxRetryAfterMs)})`
    return new RetryAfterTooLongError({
      ...fields,
      message: formatMessage(short, { meta: { Endpoint: fields.endpoint, "Status code": fields.statusCode } }),
    })
  }
}
