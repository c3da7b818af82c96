import * as Effect from "effect/Effect"
import type { Chain } from "viem"
import { InsufficientFundsError, TransactionWouldRevertError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"
import type { ResolvedClientSettings } from "../services/ClientConfig.js"
import type { GasEstimate, WalletService } from "../services/Wallet.js"
import { revertReason } from "./internal/revertReason.js"

/** What the account must be able to pay besides the simulated transaction's own gas and value. */
export interface FundsCheck {
  /** The chain's current max fee per gas; undefined when it cannot be told (then nothing is checked). */
  readonly maxFeePerGas: (chain: Chain) => Effect.Effect<bigint | undefined>
  /**
   * The value the account sends, when more than the request's own (the calls of a whole batch); the request's by
   * default.
   */
  readonly value?: bigint | undefined
}

/** The parameters of {@link simulateTransaction}. */
export interface SimulateTransactionParameters {
  readonly wallet: WalletService
  readonly settings: Pick<ResolvedClientSettings, "simulate">
  readonly chain: Chain
  readonly request: TransactionRequest
  /**
   * When given (and the wallet reads balances), the account must hold the estimated gas at the max fee plus the
   * value, else an InsufficientFundsError: a node's estimate may pass for an account with no ETH at all. Left out
   * when someone else pays the gas (a sponsored batch).
   */
  readonly funds?: FundsCheck | undefined
}

/** What {@link simulateTransaction} resolves to: the gas the transaction needs, when the node could tell. */
export type SimulateTransactionReturnType = bigint | undefined

/** Why {@link simulateTransaction} refuses a transaction. */
export type SimulateTransactionErrorType = TransactionWouldRevertError | InsufficientFundsError

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

/** A node's refusal of an estimate because the sender cannot pay, as geth and anvil word it. */
const INSUFFICIENT_FUNDS = /insufficient funds/i

/** The account's balance, or undefined when the wallet cannot read it (then the funds are not checked). */
const balanceOf = (wallet: WalletService, chain: Chain, request: TransactionRequest) =>
  wallet.balance === undefined
    ? Effect.succeed(undefined)
    : wallet
        .balance({ chain, address: request.from })
        .pipe(
          Effect.catch((error) =>
            Effect.as(Effect.logDebug(`tradekit: could not read the balance: ${error.message}`), undefined),
          ),
        )

/** Refuses a transaction the account cannot pay `gas` at the max fee (plus the value) for. */
const checkFunds = (wallet: WalletService, chain: Chain, request: TransactionRequest, gas: bigint, funds: FundsCheck) =>
  Effect.gen(function* () {
    const maxFeePerGas = request.maxFeePerGas ?? (yield* funds.maxFeePerGas(chain))
    if (maxFeePerGas === undefined) return
    const balance = yield* balanceOf(wallet, chain, request)
    if (balance === undefined) return
    const required = gas * maxFeePerGas + (funds.value ?? request.value ?? 0n)
    if (balance < required)
      return yield* InsufficientFundsError.of({ address: request.from, chainId: chain.id, balance, required })
  })

/**
 * Simulates a transaction at the latest block through the wallet's `estimateGas`, before it is sent: a revert
 * is a TransactionWouldRevertError with the decoded reason (zero prompts, zero gas), and, with `funds`, an
 * account that cannot pay the gas and value is an InsufficientFundsError (so is a node's "insufficient funds"
 * refusal of the estimate). Only these refuse: a node that cannot simulate, a failing transport, a wallet without
 * `estimateGas`, or `simulate: false` in the settings all let the send go ahead unsimulated (the first two are
 * logged at debug level).
 */
export const simulateTransaction = ({
  wallet,
  settings,
  chain,
  request,
  funds,
}: SimulateTransactionParameters): Effect.Effect<SimulateTransactionReturnType, SimulateTransactionErrorType> =>
  !settings.simulate || wallet.estimateGas === undefined
    ? Effect.succeed(undefined)
    : wallet.estimateGas({ chain, request }).pipe(
        Effect.catch((error) =>
          Effect.as(
            Effect.logDebug(`tradekit: could not simulate a transaction, sending it unsimulated: ${error.message}`),
            undefined,
          ),
        ),
        Effect.flatMap((estimate): Effect.Effect<SimulateTransactionReturnType, SimulateTransactionErrorType> => {
          if (estimate === undefined) return Effect.succeed(undefined)
          if (estimate._tag === "Estimated") {
            return funds === undefined
              ? Effect.succeed(estimate.gas)
              : Effect.as(checkFunds(wallet, chain, request, estimate.gas, funds), estimate.gas)
          }
          if (estimate._tag === "Unsupported") {
            return Effect.as(
              Effect.logDebug(`tradekit: chain ${chain.id}'s node cannot simulate, sending unsimulated`),
              undefined,
            )
          }
          if (funds !== undefined && INSUFFICIENT_FUNDS.test(estimate.message ?? "")) {
            return Effect.flatMap(balanceOf(wallet, chain, request), (balance) =>
              Effect.fail(
                InsufficientFundsError.of({
                  address: request.from,
                  chainId: chain.id,
                  balance,
                  details: estimate.message,
                }),
              ),
            )
          }
          return Effect.fail(wouldRevert(estimate, request, chain))
        }),
        Effect.withSpan("tradekit.simulateTransaction", undefined, NO_STACK),
      )
