import * as Schema from "effect/Schema"

/**
 * What a book built for the wallet is not the order the user named at the price the check passed: the target,
 * the value, a payment, the recipient, the order or token filled, the fees, an offer, a cancel, a wrap. Nothing
 * was signed or sent.
 */
export class OrderCheckError extends Schema.TaggedError<OrderCheckError>()("OrderCheckError", {
  message: Schema.String,
  /** The book whose answer was refused, e.g. `"opensea"`. */
  book: Schema.String,
  /** Which rule refused it: `"target"`, `"value"`, `"payment"`, `"recipient"`, `"order"`, `"token"`, `"fees"`, … */
  check: Schema.String,
}) {}
