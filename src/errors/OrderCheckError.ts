import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/** Which rule of a book's order check refused what the book handed out. */
export const OrderCheckRule = Schema.Literals([
  "calldata",
  "function",
  "target",
  "value",
  "payment",
  "recipient",
  "order",
  "fraction",
  "token",
  "criteria",
  "sale",
  "offerer",
  "price",
  "fees",
  "offer",
  "zone",
  "conduit",
  "cancel",
  "wrap",
  "currency",
  "expiry",
  "zero-amount",
  "fillable",
  "quantity",
  "chain",
])

/** A rule name of {@link OrderCheckRule}. */
export type OrderCheckRule = typeof OrderCheckRule.Type

/**
 * tradekit decoded an order it was about to have signed, or a transaction it was about to send, and it is not the
 * order the user named at the price the check passed (another target, a higher payment, a stranger as recipient,
 * another token, ...). Refused before the wallet: nothing was signed or sent. `check` names the rule that failed.
 */
export class OrderCheckError extends Schema.TaggedError<OrderCheckError>()("OrderCheckError", {
  message: Schema.String,
  /** The order book whose answer was refused (`opensea`). */
  book: Schema.String,
  check: OrderCheckRule,
}) {
  /** Builds the error: `short` says what is wrong, `facts` (expected and got values, ...) are listed below it. */
  static of(fields: {
    readonly book: string
    readonly check: OrderCheckRule
    readonly short: string
    readonly facts?: Readonly<Record<string, string | number | bigint | undefined>>
  }): OrderCheckError {
    const meta = Object.fromEntries(
      Object.entries(fields.facts ?? {}).map(([label, value]) => [
        label,
        typeof value === "bigint" ? value.toString() : value,
      ]),
    )
    return new OrderCheckError({
      book: fields.book,
      check: fields.check,
      message: formatMessage(fields.short, {
        meta,
        details: `tradekit refused what ${fields.book} handed out (${fields.check} check); nothing was signed or sent.`,
      }),
    })
  }
}
