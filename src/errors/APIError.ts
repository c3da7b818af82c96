import * as Schema from "effect/Schema"

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
