import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** A bid names neither a token, a collection, a token set, nor both an attribute key and value. */
export class BidDataMissingError extends Schema.TaggedError<BidDataMissingError>()("BidDataMissingError", {
  message: messageOr("Some bid data is missing"),
  bid: Schema.Unknown,
}) {}
