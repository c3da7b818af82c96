import * as Schema from "effect/Schema"

/**
 * The API's price for the order moved past what the caller expected (higher for a buy or mint, lower for a
 * sell) by more than the tolerance. Nothing was signed or sent.
 */
export class PriceMismatchError extends Schema.TaggedError<PriceMismatchError>()("PriceMismatchError", {
  message: Schema.String,
  currency: Schema.String,
  /** The quoted total, in the currency's smallest unit, as a decimal string. */
  quoteRaw: Schema.String,
  /** The expected total, in the currency's smallest unit, as a decimal string. */
  expectedRaw: Schema.String,
}) {
  /** Builds the error with the older SDK's message, naming the new price (`price`, in currency units). */
  static of(fields: {
    readonly currency: string
    readonly quoteRaw: string
    readonly expectedRaw: string
    readonly price: string
    readonly selling: boolean
  }): PriceMismatchError {
    const { price, selling, ...rest } = fields
    const message = selling
      ? `Attention: the offer price of this token is now ${price}`
      : `Attention: the total price is now ${price}`
    return new PriceMismatchError({ ...rest, message })
  }

  /** The `errorData` recorded on the first step, as the older SDK recorded it. */
  get errorData(): { readonly type: "price mismatch"; readonly message: string } {
    return { type: "price mismatch", message: this.message }
  }
}
