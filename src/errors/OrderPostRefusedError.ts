import * as Schema from "effect/Schema"

/**
 * The order book refused a signed order and says it stored nothing (OpenSea's 429: throttled): posting the same
 * signature again later is safe, unlike a post whose answer never came.
 */
export class OrderPostRefusedError extends Schema.TaggedError<OrderPostRefusedError>()("OrderPostRefusedError", {
  message: Schema.String,
  book: Schema.String,
  statusCode: Schema.Number,
  /** How long the book asked to wait before posting again, in milliseconds. */
  retryAfterMs: Schema.optional(Schema.Number),
}) {}
