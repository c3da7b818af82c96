import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** A cross-chain fill was not confirmed in time; the user's deposit stays usable. */
export class CrossChainTransactionError extends Schema.TaggedError<CrossChainTransactionError>()(
  "CrossChainTransactionError",
  {
    message: messageOr(
      "Cross-chain purchase failed, please try again. Your balance can be used for another purchase. For assistance or withdrawal help, please contact the provider.",
    ),
    txHash: Schema.String,
    attempts: Schema.Number,
    /**
     * The refund of the deposit, when the book refunded it instead of filling: its chain, its currency (the zero
     * address for the native one) and its transaction, as far as the book says.
     */
    refund: Schema.optional(
      Schema.Struct({
        chainId: Schema.optional(Schema.Number),
        currency: Schema.optional(Schema.String),
        txHash: Schema.optional(Schema.String),
      }),
    ),
  },
) {}
