import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** The wallet's send returned no transaction hash. */
export class TransactionHashMissingError extends Schema.TaggedError<TransactionHashMissingError>()(
  "TransactionHashMissingError",
  {
    message: messageOr("Transaction hash not returned from sendTransaction method"),
  },
) {}
