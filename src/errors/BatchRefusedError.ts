import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * Why a wallet refused a batch (`wallet_sendCalls`), from its error code: EIP-5792's 5700
 * `unsupported-capability`, 5710 `unsupported-chain` (also EIP-3085's 4902, a chain the wallet does not know),
 * 5720 `duplicate-id`, 5740 `too-large`, 5750 `upgrade-rejected` (the user declined to make the account able
 * to batch), 5760 `atomicity-unsupported`; `unsupported-method` for a wallet without the method (4200, -32601,
 * -32004); `wallet-error` for any other error the wallet answered (-32603 included).
 */
export const BatchRefusalReason = Schema.Literals([
  "unsupported-capability",
  "unsupported-chain",
  "duplicate-id",
  "too-large",
  "upgrade-rejected",
  "atomicity-unsupported",
  "unsupported-method",
  "wallet-error",
])

/** Why a wallet refused a batch: see {@link BatchRefusalReason}. */
export type BatchRefusalReason = typeof BatchRefusalReason.Type

const refusalText: Readonly<Record<BatchRefusalReason, string>> = {
  "unsupported-capability": "it does not support a capability the batch requires",
  "unsupported-chain": "it cannot send batches on this chain",
  "duplicate-id": "it already has a batch with this id",
  "too-large": "the batch has more calls than it takes",
  "upgrade-rejected": "the account was not upgraded to send batches",
  "atomicity-unsupported": "it cannot send these calls atomically",
  "unsupported-method": "it does not support wallet_sendCalls",
  "wallet-error": "it answered with an error",
}

/**
 * The wallet answered `wallet_sendCalls` with an error (any but the user's rejection, 4001, which is a
 * UserRejectedError): it refused the batch, so none of its calls was sent, and they can go one by one.
 * A time-out or a transport failure with no answer is not a refusal: the batch's outcome is then unknown.
 */
export class BatchRefusedError extends Schema.TaggedError<BatchRefusedError>()("BatchRefusedError", {
  message: Schema.String,
  /** The wallet's error code, when it gave one. */
  code: Schema.UndefinedOr(Schema.Number),
  reason: BatchRefusalReason,
  cause: Schema.optional(Schema.Unknown),
}) {
  /** Builds the error: why, in words, then the wallet's code and its own text. */
  static of(fields: {
    readonly code: number | undefined
    readonly reason: BatchRefusalReason
    readonly details?: string | undefined
    readonly cause?: unknown
  }): BatchRefusedError {
    return new BatchRefusedError({
      code: fields.code,
      reason: fields.reason,
      ...(fields.cause !== undefined ? { cause: fields.cause } : {}),
      message: formatMessage(`The wallet refused the batch: ${refusalText[fields.reason]}. Nothing was sent`, {
        meta: { Code: fields.code },
        ...(fields.details !== undefined ? { details: fields.details } : {}),
      }),
    })
  }
}
