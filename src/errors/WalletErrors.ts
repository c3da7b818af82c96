import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"
import { messageOr } from "./internal/messageOr.js"

/** The user rejected the request in their wallet (EIP-1193 error 4001). */
export class UserRejectedError extends Schema.TaggedError<UserRejectedError>()("UserRejectedError", {
  message: messageOr("User rejected the request."),
  operation: Schema.String,
}) {}

/**
 * A wallet call failed for another reason; `cause` keeps the wallet's own error, `code` its error code when it gave
 * one.
 */
export class WalletError extends Schema.TaggedError<WalletError>()("WalletError", {
  message: Schema.String,
  operation: Schema.String,
  /**
   * The wallet's error code (EIP-1193, JSON-RPC or EIP-5792, such as 5730 for an unknown calls id), when it gave one.
   */
  code: Schema.optional(Schema.Number),
  cause: Schema.optional(Schema.Unknown),
}) {}

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

/** A step asks to send from an address that is not the connected wallet's. Refused before signing. */
export class WalletAddressMismatchError extends Schema.TaggedError<WalletAddressMismatchError>()(
  "WalletAddressMismatchError",
  {
    message: Schema.String,
    expected: Schema.String,
    received: Schema.String,
  },
) {
  /** Builds the error naming both addresses. */
  static of(fields: { readonly expected: string; readonly received: string }): WalletAddressMismatchError {
    return new WalletAddressMismatchError({
      ...fields,
      message: formatMessage("Refused to send a transaction from another account", {
        meta: { "Step's from": fields.received, Wallet: fields.expected },
      }),
    })
  }
}

/** A step targets a chain (a transaction or typed data domain) that is not configured. Refused before signing. */
export class ChainNotConfiguredError extends Schema.TaggedError<ChainNotConfiguredError>()("ChainNotConfiguredError", {
  message: Schema.String,
  chainId: Schema.Number,
}) {
  /** Builds the error naming the chain and what was to be signed for it (`a transaction`, `typed data`). */
  static of(fields: { readonly chainId: number; readonly what: string }): ChainNotConfiguredError {
    return new ChainNotConfiguredError({
      chainId: fields.chainId,
      message: `Refused to sign ${fields.what} for chain ${fields.chainId}: it is not configured`,
    })
  }
}

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

/** The wallet did not answer a signature or send request in time. Nothing was signed or sent by tradekit. */
export class WalletTimeoutError extends Schema.TaggedError<WalletTimeoutError>()("WalletTimeoutError", {
  message: Schema.String,
  operation: Schema.String,
  timeoutMs: Schema.Number,
}) {
  /** Builds the error naming the call and the time it had. */
  static of(fields: { readonly operation: string; readonly timeoutMs: number }): WalletTimeoutError {
    return new WalletTimeoutError({
      ...fields,
      message: `The wallet did not answer ${fields.operation} within ${fields.timeoutMs} ms`,
    })
  }
}
