import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { WalletTimeoutError } from "../errors/index.js"
import type { ResolvedClientSettings } from "../services/ClientConfig.js"
import type { WalletService } from "../services/Wallet.js"

/** The settings that bound the wallet's answers. */
export type WalletTimeoutSettings = Pick<
  ResolvedClientSettings,
  "walletTimeout" | "callsStatusTimeout" | "capabilitiesCheck" | "capabilitiesTimeout"
>

/**
 * The wallet with a time limit on every call that waits for it: `walletTimeout` on the calls that may wait for
 * the user (address, sign, send, a batch's send) and on the reads beside them; `callsStatusTimeout` on one read
 * of a batch's status (the batch's poll paces and counts the reads); `capabilitiesTimeout` on the question
 * whether the wallet batches, where no answer in time is "no batches" (logged at debug level). With
 * `capabilitiesCheck: false` the question is not asked at all, and nothing is batched. Waiting for a receipt
 * is left alone: the status poll bounds it.
 */
export const withWalletTimeout = (wallet: WalletService, settings: WalletTimeoutSettings): WalletService => {
  const within =
    (timeoutMs: number) =>
    <A, E, R>(operation: string, effect: Effect.Effect<A, E, R>) =>
      Effect.timeoutOrElse(effect, {
        duration: Duration.millis(timeoutMs),
        orElse: () => Effect.fail(WalletTimeoutError.of({ operation, timeoutMs })),
      })
  const limit = within(settings.walletTimeout)
  // A member this list does not name (one added to WalletService later) is kept, unbounded, rather than lost.
  const { atomicBatch, paymasterService, ...rest } = wallet
  const timeoutMs = settings.capabilitiesTimeout
  const probe =
    atomicBatch === undefined || !settings.capabilitiesCheck
      ? undefined
      : (chain: Parameters<typeof atomicBatch>[0]) =>
          Effect.timeoutOrElse(atomicBatch(chain), {
            duration: Duration.millis(timeoutMs),
            orElse: () =>
              Effect.as(
                Effect.logDebug(
                  `tradekit: wallet_getCapabilities gave no answer within ${timeoutMs} ms, sending one by one`,
                ),
                false,
              ),
          })
  // Paymaster support comes from the same capabilities answer: bounded alike, no answer in time is "not sponsored".
  const paymasterProbe =
    paymasterService === undefined
      ? undefined
      : (chain: Parameters<typeof paymasterService>[0]) =>
          Effect.timeoutOrElse(paymasterService(chain), {
            duration: Duration.millis(timeoutMs),
            orElse: () =>
              Effect.as(
                Effect.logDebug(`tradekit: no paymaster capability within ${timeoutMs} ms, not sponsored`),
                false,
              ),
          })
  return {
    ...rest,
    address: limit("address", wallet.address),
    chainId: limit("chainId", wallet.chainId),
    blockNumber: (chain) => limit("blockNumber", wallet.blockNumber(chain)),
    signMessage: (args) => limit("signMessage", wallet.signMessage(args)),
    signTypedData: (args) => limit("signTypedData", wallet.signTypedData(args)),
    sendTransaction: (args) => limit("sendTransaction", wallet.sendTransaction(args)),
    ...(wallet.sendTransactionSync !== undefined
      ? { sendTransactionSync: (args) => limit("sendTransaction", wallet.sendTransactionSync!(args)) }
      : {}),
    waitForReceipt: wallet.waitForReceipt,
    ...(wallet.estimateGas !== undefined
      ? { estimateGas: (args) => limit("estimateGas", wallet.estimateGas!(args)) }
      : {}),
    ...(wallet.prepareTransaction !== undefined
      ? { prepareTransaction: (args) => limit("prepareTransaction", wallet.prepareTransaction!(args)) }
      : {}),
    ...(wallet.moveToChain !== undefined
      ? { moveToChain: (chain) => limit("switchChain", wallet.moveToChain!(chain)) }
      : {}),
    ...(wallet.maxFeePerGas !== undefined
      ? { maxFeePerGas: (chain) => limit("maxFeePerGas", wallet.maxFeePerGas!(chain)) }
      : {}),
    ...(wallet.balance !== undefined ? { balance: (args) => limit("balance", wallet.balance!(args)) } : {}),
    ...(wallet.nextNonce !== undefined ? { nextNonce: (args) => limit("nextNonce", wallet.nextNonce!(args)) } : {}),
    ...(wallet.transactionByNonce !== undefined
      ? { transactionByNonce: (args) => limit("transactionByNonce", wallet.transactionByNonce!(args)) }
      : {}),
    ...(wallet.accountKind !== undefined
      ? { accountKind: (args) => limit("accountKind", wallet.accountKind!(args)) }
      : {}),
    ...(wallet.transactionByHash !== undefined
      ? { transactionByHash: (args) => limit("transactionByHash", wallet.transactionByHash!(args)) }
      : {}),
    ...(probe !== undefined ? { atomicBatch: probe } : {}),
    ...(paymasterProbe !== undefined ? { paymasterService: paymasterProbe } : {}),
    ...(wallet.sendCalls !== undefined ? { sendCalls: (args) => limit("sendCalls", wallet.sendCalls!(args)) } : {}),
    ...(wallet.callsStatus !== undefined
      ? { callsStatus: (args) => within(settings.callsStatusTimeout)("callsStatus", wallet.callsStatus!(args)) }
      : {}),
  }
}
