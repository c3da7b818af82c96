import * as Effect from "effect/Effect"
import type { InsufficientFundsError, TransactionWouldRevertError, WalletCallError } from "../../errors/index.js"
import type { NetworkFee } from "../../schema/Step.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { WalletService } from "../../services/Wallet.js"
import type { ExecutionContext } from "../ExecutionContext.js"
import { networkFeeOf } from "../estimateNetworkFee.js"
import { simulateTransaction, wouldRevert } from "../simulateTransaction.js"
import type { ItemSend } from "./ItemSend.js"

/**
 * What goes to the wallet: the request with its gas limit (the estimate when the step gives none, so the wallet
 * need not estimate again), the item's network fee when it is known, and the nonce when the filling read it.
 * @internal
 */
export interface Filled {
  readonly toSend: TransactionRequest
  readonly networkFee: NetworkFee | undefined
  readonly nonce?: number | undefined
}

/**
 * Simulates the request at the latest block (refused when it would revert or the account cannot pay), its gas
 * estimate the limit when the step gives none: a wallet that does not fill transactions itself.
 * @internal
 */
export const simulatedFill = (
  ctx: ExecutionContext,
  { chain, request }: Pick<ItemSend, "chain" | "request">,
): Effect.Effect<Filled, TransactionWouldRevertError | InsufficientFundsError | WalletCallError> =>
  Effect.gen(function* () {
    const funds = { maxFeePerGas: (c: typeof chain) => ctx.maxFeePerGas?.(c) ?? Effect.succeed(undefined) }
    const gas = yield* simulateTransaction({ wallet: ctx.wallet, settings: ctx.config.settings, chain, request, funds })
    const maxFeePerGas =
      gas === undefined
        ? undefined
        : (request.maxFeePerGas ?? (yield* ctx.maxFeePerGas?.(chain) ?? Effect.succeed(undefined)))
    return {
      toSend: gas === undefined || request.gas !== undefined ? request : { ...request, gas },
      networkFee: gas === undefined || maxFeePerGas === undefined ? undefined : networkFeeOf(gas, maxFeePerGas),
    }
  })

const unfilled = (request: TransactionRequest, why: string) =>
  Effect.as(Effect.logDebug(`tradekit: could not fill a transaction, sending it unfilled: ${why}`), {
    toSend: request,
    networkFee: undefined,
  } satisfies Filled)

/**
 * Fills the request in one round trip with a wallet that signs locally — simulation, gas, fees and the nonce it
 * goes out with (so it must run inside the account's send lock). A wallet that cannot fill it sends it the usual
 * way, as one that cannot simulate does.
 * @internal
 */
export const preparedFill = (
  prepare: NonNullable<WalletService["prepareTransaction"]>,
  { chain, request }: Pick<ItemSend, "chain" | "request">,
): Effect.Effect<Filled, TransactionWouldRevertError> =>
  prepare({ chain, request }).pipe(
    Effect.flatMap((filled): Effect.Effect<Filled, TransactionWouldRevertError> => {
      if (filled._tag === "Reverted") return Effect.fail(wouldRevert(filled, request, chain))
      const { gas, maxFeePerGas } = filled.request
      return Effect.succeed({
        toSend: filled.request,
        nonce: filled.nonce,
        networkFee: gas === undefined || maxFeePerGas === undefined ? undefined : networkFeeOf(gas, maxFeePerGas),
      })
    }),
    Effect.catchTags({
      WalletError: (error) => unfilled(request, error.message),
      UserRejectedError: (error) => unfilled(request, error.message),
      ChainMismatchError: (error) => unfilled(request, error.message),
      WalletTimeoutError: (error) => unfilled(request, error.message),
    }),
  )
