"use client"
import type { BidErrorType } from "../actions/bid.js"
import type { BuyErrorType } from "../actions/buy.js"
import type { CallErrorType } from "../actions/call.js"
import type { CancelErrorType } from "../actions/cancel.js"
import type { ListErrorType } from "../actions/list.js"
import type { MintErrorType } from "../actions/mint.js"
import type { SellErrorType } from "../actions/sell.js"
import type { TransferErrorType } from "../actions/transfer.js"
import type { FacadeActionName } from "../client/FacadeActionName.js"
import type { ReservoirClientActions, ReservoirClientWallet } from "../client/ReservoirClient.js"
import type { ExecutionInProgressError } from "../errors/index.js"
import type { ExecutionAbortedError } from "./errors/ExecutionAbortedError.js"
import type { NoWalletError } from "./errors/NoWalletError.js"
import { actionCall } from "./internal/actionCall.js"
import type { FacadeCall } from "./internal/runFacadeCall.js"
import {
  type ExecutionCallbacks,
  type ExecutionControls,
  type ExecutionHookControls,
  type ExecutionHookErrors,
  type ExecutionHookState,
  type ExecutionHookStatus,
  useExecution,
} from "./internal/useExecution.js"

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
 * What a hook's `mutate` takes (its `variables`): the facade action's parameters, without `signal` and
 * `onSnapshot` (the hook owns them) and with `wallet` optional (the provider's when absent).
 */
export type ActionHookParameters<N extends FacadeActionName> = Omit<ActionParameters<N>, "wallet" | "signal" | "onSnapshot"> & {
  readonly wallet?: ReservoirClientWallet
}

/** What the facade action resolves to: the API's answer or steps with `precheck`, else `true`. */
export type ActionHookData<N extends FacadeActionName> = Awaited<ReturnType<ReservoirClientActions[N]>>

/**
 * Why an execution did not succeed, a union of tagged errors (match on `_tag`): the action's typed error,
 * `NoWalletError`, or `ExecutionAbortedError` (aborted, reset, replaced or unmounted). `mutateAsync` and a
 * call's `onError` may also get `ExecutionInProgressError` (a call refused while one runs); `error` never holds it.
 */
export type ActionHookError<N extends FacadeActionName> = ActionErrors[N] | NoWalletError | ExecutionAbortedError | ExecutionInProgressError

/** Where a hook's execution stands: "idle" | "pending" | "success" | "error". */
export type ActionHookStatus = ExecutionHookStatus

/**
 * The state a hook renders from, narrowed by `status`. Each change is a new object; `progress` is the
 * executor's own immutable snapshot.
 */
export type ActionHookState<N extends FacadeActionName> = ExecutionHookState<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>

/** `onSuccess`, `onError` and `onSettled`: given to the hook, they hear every execution; given to `mutate`, that call. */
export type ActionHookCallbacks<N extends FacadeActionName> = ExecutionCallbacks<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>

/** What an action hook takes: the callbacks that hear every execution it starts. */
export type ActionHookOptions<N extends FacadeActionName> = ActionHookCallbacks<N>

/**
 * What an action hook returns, in the shape of TanStack Query's `useMutation` (`mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`) plus `progress`, `errors` (what the API left
 * out of the plan) and `abort`.
 */
export type ActionHookResult<N extends FacadeActionName> = ActionHookState<N> &
  ExecutionHookErrors &
  ExecutionHookControls<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>

/** An action hook: one execution at a time, its state, and its controls. */
export type ActionHook<N extends FacadeActionName> = (options?: ActionHookOptions<N>) => ActionHookResult<N>

/**
 * Makes the React hook of a Promise facade action. The hook holds no trading logic: it calls
 * `client.actions[name]` with the provider's wallet, an AbortSignal it owns, and an `onSnapshot` that
 * renders each progress snapshot. Unmounting the component aborts what the hook started.
 *
 * @example
 * export const useBuyToken = createActionHook("buyToken")
 * const { mutate, isPending, progress, error, abort } = useBuyToken({ onSuccess: () => toast("Bought") })
 * <button disabled={isPending} onClick={() => mutate({ items: [{ token: "0xNft:42", quantity: 1 }] })}>Buy</button>
 */
export const createActionHook = <N extends FacadeActionName>(name: N): ActionHook<N> => {
  const call = actionCall(name) as FacadeCall<ActionHookParameters<N> & ExecutionControls, ActionHookData<N>>
  return (options) => useExecution<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>(call, options)
}
