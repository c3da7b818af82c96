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
