import * as Schema from "effect/Schema"

/** The API did not confirm the transaction within the attempts allowed. */
export class TransactionTimeoutError extends Schema.TaggedError<TransactionTimeoutError>()("TransactionTimeoutError", {
  message: Schema.String,
  txHash: Schema.String,
  attempts: Schema.Number,
  /** The base URL of the chain's block explorer, to look the transaction up. */
  blockExplorerBaseUrl: Schema.optional(Schema.String),
  /** The transaction's page on the chain's block explorer. */
  explorerUrl: Schema.optional(Schema.String),
}) {
  /** Builds the error with the older SDK's message. */
  static of(fields: {
    readonly txHash: string
    readonly attempts: number
    readonly blockExplorerBaseUrl?: string | undefined
  }): TransactionTimeoutError {
    const { txHash, attempts } = fields
    const base = fields.blockExplorerBaseUrl?.replace(/\/+$/, "")
    return new TransactionTimeoutError({
      txHash,
      attempts,
      ...(base === undefined ? {} : { blockExplorerBaseUrl: base, explorerUrl: `${base}/tx/${txHash}` }),
      message: `Failed to receive a successful response for transaction with hash '${txHash}' after ${attempts} attempt(s).`,
    })
  }
}
