import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * A batch of transactions sent as one (EIP-5792 `wallet_sendCalls`) failed: the wallet reported it failed or
 * reverted, or its transaction reverted. Atomic, so none of its calls took effect; every item of the batch
 * fails with this error.
 */
export class BatchFailedError extends Schema.TaggedError<BatchFailedError>()("BatchFailedError", {
  message: Schema.String,
  /** The batch's calls id, as the wallet returned it. */
  callsId: Schema.String,
  /** The wallet's status code (400 failed off chain, 500 reverted, 600 partly reverted), when it gave one. */
  statusCode: Schema.optional(Schema.Number),
  /** The transaction(s) that carried the batch, when any was mined. */
  txHashes: Schema.Array(Schema.String),
}) {
  /** Builds the error naming the calls id, the wallet's status and the transactions. */
  static of(fields: {
    readonly callsId: string
    readonly statusCode?: number | undefined
    readonly txHashes: ReadonlyArray<string>
  }): BatchFailedError {
    return new BatchFailedError({
      callsId: fields.callsId,
      txHashes: [...fields.txHashes],
      ...(fields.statusCode !== undefined ? { statusCode: fields.statusCode } : {}),
      message: formatMessage("The batched transactions failed; none of them took effect", {
        meta: {
          "Calls id": fields.callsId,
          Status: fields.statusCode,
          Transactions: fields.txHashes.length > 0 ? fields.txHashes.join(", ") : undefined,
        },
      }),
    })
  }
}
