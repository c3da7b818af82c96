import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"
import { messageOr } from "./internal/messageOr.js"

/** The user rejected the request in their wallet (EIP-1193 error 4001). */
export class UserRejectedError extends Schema.TaggedError<UserRejectedError>()("UserRejectedError", {
  message: messageOr("User rejected the request."),
  operation: Schema.String,
}) {}

/** A wallet call failed for another reason; `cause` keeps the wallet's own error. */
export class WalletError extends Schema.TaggedError<WalletError>()("WalletError", {
  message: Schema.String,
  operation: Schema.String,
  cause: Schema.optional(Schema.Unknown),
}) {}

/** A step asks to send from an address that is not the connected wallet's. Refused before signing. */
export class WalletAddressMismatchError extends Schema.TaggedError<WalletAddressMismatchError>()("WalletAddressMismatchError", {
  message: Schema.String,
  expected: Schema.String,
  received: Schema.String,
}) {
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
