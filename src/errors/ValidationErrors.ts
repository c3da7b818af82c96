import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** `cancel` was called without any order id. */
export class NoOrderIdsError extends Schema.TaggedError<NoOrderIdsError>()("NoOrderIdsError", {
  message: messageOr("No order ids specified"),
}) {}

/** A bid names neither a token, a collection, a token set, nor both an attribute key and value. */
export class BidDataMissingError extends Schema.TaggedError<BidDataMissingError>()("BidDataMissingError", {
  message: messageOr("Some bid data is missing"),
  bid: Schema.Unknown,
}) {}

/** The chosen chain has no configuration (no `baseApiUrl`), so there is no API to ask. */
export class MissingChainConfigurationError extends Schema.TaggedError<MissingChainConfigurationError>()(
  "MissingChainConfigurationError",
  {
    message: messageOr("ReservoirClient missing chain configuration"),
    chainId: Schema.optional(Schema.Number),
  },
) {}

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
  /** The `errorData` recorded on the first step, as the older SDK recorded it. */
  get errorData(): { readonly type: "price mismatch"; readonly message: string } {
    return { type: "price mismatch", message: this.message }
  }
}

/** The fallback for a failure that carried no message of its own. */
export class UnknownError extends Schema.TaggedError<UnknownError>()("UnknownError", {
  message: messageOr("Error: something went wrong"),
  cause: Schema.optional(Schema.Unknown),
}) {}
