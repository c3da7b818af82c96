import * as Effect from "effect/Effect"
import type { Chain } from "viem"
import { TransactionWouldRevertError } from "../errors/index.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"
import type { ResolvedClientSettings } from "../services/ClientConfig.js"
import type { GasEstimate, WalletService } from "../services/Wallet.js"
import { revertReason } from "./internal/revertReason.js"

/** The parameters of {@link simulateTransaction}. */
export interface SimulateTransactionParameters {
  readonly wallet: WalletService
  readonly settings: Pick<ResolvedClientSettings, "simulate">
  readonly chain: Chain
  readonly request: TransactionRequest
}

/** What {@link simulateTransaction} resolves to: the gas the transaction needs, when the node could tell. */
export type SimulateTransactionReturnType = bigint | undefined

/** Why {@link simulateTransaction} refuses a transaction. */
export type SimulateTransactionErrorType = TransactionWouldRevertError

/** The refusal of a transaction whose simulation (or filling) reverted, with the decoded reason. */
export const wouldRevert = (
  reverted: Extract<GasEstimate, { readonly _tag: "Reverted" }>,
  request: TransactionRequest,
  chain: Chain,
): TransactionWouldRevertError =>
  TransactionWouldRevertError.of({
    reason: revertReason(reverted.data, reverted.message),
    revertData: reverted.data,
    to: request.to,
    chainId: chain.id,
  })

/**
 * Simulates a transaction at the latest block through the wallet's `estimateGas`, before it is sent: a revert
 * is a TransactionWouldRevertError with the decoded reason (zero prompts, zero gas). Only a revert refuses: a
 * node that cannot simulate, a failing transport, a wallet without `estimateGas`, or `simulate: false` in the
 * settings all let the send go ahead unsimulated (the first two are logged at debug level).
 */
export const simulateTransaction = ({
  wallet,
  settings,
  chain,
  request,
}: SimulateTransactionParameters): Effect.Effect<SimulateTransactionReturnType, SimulateTransactionErrorType> =>
  !settings.simulate || wallet.estimateGas === undefined
    ? Effect.succeed(undefined)
    : wallet.estimateGas({ chain, request }).pipe(
        Effect.catch((error) =>
          Effect.as(Effect.logDebug(`tradekit: could not simulate a transaction, sending it unsimulated: ${error.message}`), undefined),
        ),
        Effect.flatMap((estimate) => {
          if (estimate === undefined || estimate._tag === "Estimated") return Effect.succeed(estimate?.gas)
          if (estimate._tag === "Unsupported") {
            return Effect.as(Effect.logDebug(`tradekit: chain ${chain.id}'s node cannot simulate, sending unsimulated`), undefined)
          }
          return Effect.fail(wouldRevert(estimate, request, chain))
        }),
        Effect.withSpan("tradekit.simulateTransaction"),
      )
