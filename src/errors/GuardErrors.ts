import * as Schema from "effect/Schema"

/**
 * A plugin refused the action: a request transform or a guard (a spend limit, an allow-list, ...) decided it
 * must not go ahead. Nothing was signed or sent. `errorData` is what the executor records on the first step.
 */
export class PluginRejectedError extends Schema.TaggedError<PluginRejectedError>()("PluginRejectedError", {
  message: Schema.String,
  /** The name of the plugin that refused. */
  plugin: Schema.String,
  /** Anything the plugin wants the caller to see, recorded on the first step as `errorData`. */
  data: Schema.optional(Schema.Unknown),
}) {
  /** The `errorData` recorded on the first step. */
  get errorData(): {
    readonly type: "plugin rejected"
    readonly plugin: string
    readonly message: string
    readonly data?: unknown
  } {
    return {
      type: "plugin rejected",
      plugin: this.plugin,
      message: this.message,
      ...(this.data !== undefined ? { data: this.data } : {}),
    }
  }
}

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
