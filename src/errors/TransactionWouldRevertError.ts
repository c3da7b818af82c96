import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * Simulating the transaction at the latest block showed it would revert: it was not sent, so no wallet prompt
 * and no gas. `reason` is the decoded revert (`Exchange: filled`, `Panic: arithmetic underflow or overflow`,
 * `ERC721NonexistentToken(7)`), else the raw revert data, else what the node said.
 */
export class TransactionWouldRevertError extends Schema.TaggedError<TransactionWouldRevertError>()(
  "TransactionWouldRevertError",
  {
    message: Schema.String,
    reason: Schema.String,
    /** The raw revert data, when the node returned it. */
    revertData: Schema.optional(Schema.String),
    to: Schema.String,
    chainId: Schema.Number,
  },
) {
  /** Builds the error: a short message, the target and chain, and the reason as details. */
  static of(fields: {
    readonly reason: string
    readonly revertData?: string | undefined
    readonly to: string
    readonly chainId: number
  }): TransactionWouldRevertError {
    return new TransactionWouldRevertError({
      reason: fields.reason,
      to: fields.to,
      chainId: fields.chainId,
      ...(fields.revertData !== undefined ? { revertData: fields.revertData } : {}),
      message: formatMessage("The transaction would revert, so it was not sent", {
        meta: { To: fields.to, Chain: fields.chainId },
        details: fields.reason,
      }),
    })
  }
}
