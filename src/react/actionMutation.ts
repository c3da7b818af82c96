import type { BidErrorType } from "../actions/bid.js"
import type { BuyErrorType } from "../actions/buy.js"
import type { CallErrorType } from "../actions/call.js"
import type { CancelErrorType } from "../actions/cancel.js"
import type { ListErrorType } from "../actions/list.js"
import type { MintErrorType } from "../actions/mint.js"
import type { SellErrorType } from "../actions/sell.js"
import type { TransferErrorType } from "../actions/transfer.js"
import type { FacadeActionName } from "../client/FacadeActionName.js"
import type { ReservoirClient, ReservoirClientActions, ReservoirClientWallet } from "../client/ReservoirClient.js"
import type { ExecutionAbortedError } from "./errors/ExecutionAbortedError.js"
import type { NoWalletError } from "./errors/NoWalletError.js"
import { runFacadeCall } from "./internal/runFacadeCall.js"

/** The typed errors each facade action fails with: those of the action it runs (see `FacadeActions`). */
export interface ActionErrors {
  readonly buyToken: BuyErrorType
  readonly acceptOffer: SellErrorType
  readonly mintToken: MintErrorType
  readonly listToken: ListErrorType
  readonly placeBid: BidErrorType
  readonly cancelOrder: CancelErrorType
  readonly transferTokens: TransferErrorType
  readonly call: CallErrorType
}

/** The parameters of a facade action, as `client.actions[name]` takes them. */
export type ActionParameters<N extends FacadeActionName> = Parameters<ReservoirClientActions[N]>[0]

/**
 * What a mutation's `mutate` takes: the facade action's parameters with `wallet` optional (the one the
 * mutation was made with when absent). `onSnapshot` renders progress; `signal` aborts (the error is then an
 * `ExecutionAbortedError`).
 */
export type ActionMutationVariables<N extends FacadeActionName> = Omit<ActionParameters<N>, "wallet"> & {
  readonly wallet?: ReservoirClientWallet
}

/** What the facade action resolves to: the API's answer or steps with `precheck`, else `true`. */
export type ActionMutationData<N extends FacadeActionName> = Awaited<ReturnType<ReservoirClientActions[N]>>

/**
 * Why a mutation failed, a union of tagged errors (match on `_tag`): the action's typed error (an untyped
 * failure is its `UnknownError`), `NoWalletError`, or, when `signal` was aborted, `ExecutionAbortedError`.
 */
export type ActionMutationError<N extends FacadeActionName> = ActionErrors[N] | NoWalletError | ExecutionAbortedError

/** The key of an action's mutations: `["tradekit", name]`. */
export type ActionMutationKey<N extends FacadeActionName> = readonly ["tradekit", N]

/** An action's mutation: its key, and the function that runs it. */
export interface ActionMutation<N extends FacadeActionName> {
  readonly mutationKey: ActionMutationKey<N>
  readonly mutationFn: (variables: ActionMutationVariables<N>) => Promise<ActionMutationData<N>>
}

/**
 * The one definition of a facade action's mutation, which the hooks of `tradekit/react` and the mutation
 * options of `tradekit/react/query` both bind (as wagmi's `sendTransactionMutationOptions` is bound by its
 * `useSendTransaction`): `mutationFn` calls `client.actions[name]` with the variables' wallet, else `wallet`,
 * and rejects with an {@link ActionMutationError} only.
 */
export const actionMutation = <N extends FacadeActionName>(
  name: N,
  client: ReservoirClient,
  wallet: ReservoirClientWallet | undefined,
): ActionMutation<N> => ({
  mutationKey: ["tradekit", name] as const,
  mutationFn: (variables) =>
    runFacadeCall(
      (target, parameters) =>
        (target.actions[name] as (p: typeof parameters) => Promise<ActionMutationData<N>>)(parameters),
      client,
      variables,
      wallet,
    ),
})
