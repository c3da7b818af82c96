import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * The wallet answered `wallet_sendCalls` without a usable calls id (none, not a string, empty, or longer than
 * 8192 characters): the batch may have been sent, and its status cannot be asked for.
 */
export class CallsIdMissingError extends Schema.TaggedError<CallsIdMissingError>()("CallsIdMissingError", {
  message: Schema.String,
  chainId: Schema.Number,
  /** What the wallet answered, as text (cut at 200 characters). */
  answer: Schema.String,
}) {
  /** Builds the error naming the chain and the answer. */
  static of(fields: { readonly chainId: number; readonly answer: string }): CallsIdMissingError {
    return new CallsIdMissingError({
      ...fields,
      message: formatMessage(
        "The wallet sent no usable calls id back for the batch. The batch may have been sent: check the wallet's activity before trying again",
        { meta: { Chain: fields.chainId, Answer: fields.answer } },
      ),
    })
  }
}
