import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { WalletTimeoutError } from "../errors/index.js"
import type { WalletService } from "../services/Wallet.js"

/** 5 minutes: time for a user to read a wallet prompt, not forever. */
export const DEFAULT_WALLET_TIMEOUT_MS = 300_000

/**
 * The wallet with a time limit on every call that waits for the user (address, sign, send). Waiting for a
 * receipt is left alone: the status poll bounds it.
 */
export const withWalletTimeout = (wallet: WalletService, timeoutMs: number): WalletService => {
  const limit = <A, E, R>(operation: string, effect: Effect.Effect<A, E, R>) =>
    Effect.timeoutOrElse(effect, { duration: Duration.millis(timeoutMs), orElse: () => Effect.fail(WalletTimeoutError.of({ operation, timeoutMs })) })
  return {
    address: limit("address", wallet.address),
    chainId: limit("chainId", wallet.chainId),
    blockNumber: (chain) => limit("blockNumber", wallet.blockNumber(chain)),
    signMessage: (args) => limit("signMessage", wallet.signMessage(args)),
    signTypedData: (args) => limit("signTypedData", wallet.signTypedData(args)),
    sendTransaction: (args) => limit("sendTransaction", wallet.sendTransaction(args)),
    waitForReceipt: wallet.waitForReceipt,
    ...(wallet.estimateGas !== undefined ? { estimateGas: (args) => limit("estimateGas", wallet.estimateGas!(args)) } : {}),
    ...(wallet.prepareTransaction !== undefined
      ? { prepareTransaction: (args) => limit("prepareTransaction", wallet.prepareTransaction!(args)) }
      : {}),
    ...(wallet.maxFeePerGas !== undefined ? { maxFeePerGas: (chain) => limit("maxFeePerGas", wallet.maxFeePerGas!(chain)) } : {}),
    ...(wallet.balance !== undefined ? { balance: (args) => limit("balance", wallet.balance!(args)) } : {}),
    ...(wallet.nextNonce !== undefined ? { nextNonce: (args) => limit("nextNonce", wallet.nextNonce!(args)) } : {}),
    ...(wallet.transactionByNonce !== undefined
      ? { transactionByNonce: (args) => limit("transactionByNonce", wallet.transactionByNonce!(args)) }
      : {}),
    ...(wallet.atomicBatch !== undefined ? { atomicBatch: (chain) => limit("atomicBatch", wallet.atomicBatch!(chain)) } : {}),
    ...(wallet.paymasterService !== undefined ? { paymasterService: (chain) => limit("paymasterService", wallet.paymasterService!(chain)) } : {}),
    ...(wallet.sendCalls !== undefined ? { sendCalls: (args) => limit("sendCalls", wallet.sendCalls!(args)) } : {}),
    ...(wallet.callsStatus !== undefined ? { callsStatus: (args) => limit("callsStatus", wallet.callsStatus!(args)) } : {}),
  }
}
