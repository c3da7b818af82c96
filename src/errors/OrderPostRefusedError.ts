import * as Schema from "effect/Schema"

/**
 * The order book refused a signed order and says it stored nothing (OpenSea's 429: throttled): posting the same
 * signature again later is safe, unlike a post whose answer never came. For the orders of one bulk signature,
 * `orders` names each one, live or not and why; posting them again is safe too, an order the book holds stays one.
 */
export class OrderPostRefusedError extends Schema.TaggedError<OrderPostRefusedError>()("OrderPostRefusedError", {
  message: Schema.String,
  book: Schema.String,
  statusCode: Schema.Number,
  /** How long the book asked to wait before posting again, in milliseconds. */
  retryAfterMs: Schema.optional(Schema.Number),
  /** Each order of a bulk post: its id (order hash), whether the book holds it, and the book's reason when not. */
  orders: Schema.optional(
    Schema.Array(
      Schema.Struct({ orderId: Schema.String, live: Schema.Boolean, reason: Schema.optional(Schema.String) }),
    ),
  ),
}) {}
