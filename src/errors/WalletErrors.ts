import * as Schema from "effect/Schema"
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
export class WalletAddressMismatchError extends Schema.TaggedError<WalletAddressMismatchError>()(
  "WalletAddressMismatchError",
  {
    message: Schema.String,
    expected: Schema.String,
    received: Schema.String,
  },
) {
  /** Builds the error naming both addresses. */
  static of(walletAddress: string, from: string): WalletAddressMismatchError {
    return new WalletAddressMismatchError({
      expected: walletAddress,
      received: from,
      message: `Refused to send a transaction from another account\n\nStep's from: ${from}\nWallet: ${walletAddress}`,
    })
  }
}

/** A step targets a chain (a transaction or typed data domain) that is not configured. Refused before signing. */
export class ChainNotConfiguredError extends Schema.TaggedError<ChainNotConfiguredError>()("ChainNotConfiguredError", {
  message: Schema.String,
  chainId: Schema.Number,
}) {
  /** Builds the error naming the chain. */
  static of(chainId: number, what: string): ChainNotConfiguredError {
    return new ChainNotConfiguredError({
      chainId,
      message: `Refused to sign ${what} for chain ${chainId}: it is not configured`,
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
  static of(walletChainId: number, expectedChainId: number): ChainMismatchError {
    return new ChainMismatchError({
      walletChainId,
      expectedChainId,
      message: `The wallet is on another chain\n\nCurrent chain id: ${walletChainId}\nExpected: ${expectedChainId}`,
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
  static of(operation: string, timeoutMs: number): WalletTimeoutError {
    return new WalletTimeoutError({ operation, timeoutMs, message: `The wallet did not answer ${operation} within ${timeoutMs} ms` })
  }
}
