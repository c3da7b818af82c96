import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/** The wallet is on another chain than the step needs and did not switch. */
export class ChainMismatchError extends Schema.TaggedError<ChainMismatchError>()("ChainMismatchError", {
  message: Schema.String,
  walletChainId: Schema.Number,
  expectedChainId: Schema.Number,
}) {
  /** Builds the error naming both chain ids, as viem words it. */
  static of(fields: { readonly walletChainId: number; readonly expectedChainId: number }): ChainMismatchError {
    return new ChainMismatchError({
      ...fields,
      message: formatMessage("The wallet is on another chain", {
        meta: { "Current chain id": fields.walletChainId, Expected: fields.expectedChainId },
      }),
    })
  }
}
