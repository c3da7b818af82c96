import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** The transaction reverted on chain, or the API reported its status as `failure`. */
export class TransactionFailedError extends Schema.TaggedError<TransactionFailedError>()("TransactionFailedError", {
  message: messageOr("Transaction failed"),
  txHash: Schema.String,
  reason: Schema.Literals(["reverted", "failure"]),
}) {}
