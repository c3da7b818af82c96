import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/**
 * The user cancelled the transaction, by replacing it with one that does nothing (`Transaction cancelled`),
 * or the wait ended because it was cancelled (`Transaction was cancelled`).
 */
export class TransactionCancelledError extends Schema.TaggedError<TransactionCancelledError>()(
  "TransactionCancelledError",
  {
    message: messageOr("Transaction cancelled"),
    txHash: Schema.String,
  },
) {}
