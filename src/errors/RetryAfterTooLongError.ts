import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

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
