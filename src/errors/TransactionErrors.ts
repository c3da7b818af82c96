import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"
import { messageOr } from "./internal/messageOr.js"

/** The wallet's send returned no transaction hash. */
export class TransactionHashMissingError extends Schema.TaggedError<TransactionHashMissingError>()(
  "TransactionHashMissingError",
  {
    message: messageOr("Transaction hash not returned from sendTransaction method"),
  },
) {}

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

/** The transaction reverted on chain, or the API reported its status as `failure`. */
export class TransactionFailedError extends Schema.TaggedError<TransactionFailedError>()("TransactionFailedError", {
  message: messageOr("Transaction failed"),
  txHash: Schema.String,
  reason: Schema.Literals(["reverted", "failure"]),
}) {}

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

/**
 * The account cannot pay for the transaction: its ETH balance is below the gas it needs at the chain's max fee
 * plus the value it sends. It was not sent, so no wallet prompt and no gas. A chain whose `paymasterService`
 * sponsors the gas (with a wallet that supports it) is not refused for this.
 */
export class InsufficientFundsError extends Schema.TaggedError<InsufficientFundsError>()("InsufficientFundsError", {
  message: Schema.String,
  /** The account that would pay. */
  address: Schema.String,
  chainId: Schema.Number,
  /** Its balance, in wei (a decimal string). */
  balance: Schema.String,
  /** What the transaction needs, gas × max fee + value, in wei (a decimal string); unknown when the node refused it. */
  required: Schema.optional(Schema.String),
}) {
  /** Builds the error: the account cannot pay for gas, with its balance and what is needed. */
  static of(fields: {
    readonly address: string
    readonly chainId: number
    readonly balance: bigint | undefined
    readonly required?: bigint | undefined
    readonly details?: string | undefined
  }): InsufficientFundsError {
    return new InsufficientFundsError({
      address: fields.address,
      chainId: fields.chainId,
      balance: (fields.balance ?? 0n).toString(),
      ...(fields.required !== undefined ? { required: fields.required.toString() } : {}),
      message: formatMessage(
        "The account cannot pay for gas: its ETH balance is too low, so the transaction was not sent",
        {
          meta: {
            Account: fields.address,
            Chain: fields.chainId,
            "Balance (wei)": fields.balance?.toString(),
            "Needed, gas × max fee + value (wei)": fields.required?.toString(),
          },
          ...(fields.details !== undefined ? { details: fields.details } : {}),
        },
      ),
    })
  }
}

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

/** A signature step's check reported `failure`: the message is the API's details, or 'Transaction failed'. */
export class SignatureCheckError extends Schema.TaggedError<SignatureCheckError>()("SignatureCheckError", {
  message: messageOr("Transaction failed"),
}) {}

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
