"use client"
import { useCallback } from "react"
import type { FacadeActionName } from "../client/FacadeActionName.js"
import type { ReservoirClientWallet } from "../client/ReservoirClient.js"
import type { ExecutionInProgressError } from "../errors/index.js"
import {
  type ActionMutationData,
  type ActionMutationError,
  type ActionMutationVariables,
  type ActionParameters,
  actionMutation,
} from "./actionMutation.js"
import {
  type ExecutionCallbacks,
  type ExecutionControls,
  type ExecutionHookControls,
  type ExecutionHookErrors,
  type ExecutionHookState,
  type ExecutionHookStatus,
  useExecution,
} from "./internal/useExecution.js"
import { useTradekit } from "./useTradekit.js"

/**
 * What a hook's `mutate` takes (its `variables`): the facade action's parameters, without `signal` and
 * `onSnapshot` (the hook owns them) and with `wallet` optional (the provider's when absent).
 */
export type ActionHookParameters<N extends FacadeActionName> = Omit<
  ActionParameters<N>,
  "wallet" | "signal" | "onSnapshot"
> & {
  readonly wallet?: ReservoirClientWallet
}

/** What the facade action resolves to: the API's answer or steps with `precheck`, else `true` (its mutation's data). */
export type ActionHookData<N extends FacadeActionName> = ActionMutationData<N>

/**
 * Why an execution did not succeed, a union of tagged errors (match on `_tag`): its mutation's error (the
 * action's typed error, `NoWalletError`, or `ExecutionAbortedError`: aborted, reset, replaced or unmounted)
 * and the hook's own refusal: `mutateAsync` and a call's `onError` may get `ExecutionInProgressError` (a call
 * refused while one runs, which TanStack Query's `useMutation` never does); `error` never holds it.
 */
export type ActionHookError<N extends FacadeActionName> = ActionMutationError<N> | ExecutionInProgressError

/** Where a hook's execution stands: "idle" | "pending" | "success" | "error". */
export type ActionHookStatus = ExecutionHookStatus

/**
 * The state a hook renders from, narrowed by `status`. Each change is a new object; `progress` is the
 * executor's own immutable snapshot.
 */
export type ActionHookState<N extends FacadeActionName> = ExecutionHookState<
  ActionHookParameters<N>,
  ActionHookData<N>,
  ActionHookError<N>
>

/**
 * `onSuccess`, `onError` and `onSettled`: given to the hook, they hear every execution; given to `mutate`, that call.
 */
export type ActionHookCallbacks<N extends FacadeActionName> = ExecutionCallbacks<
  ActionHookParameters<N>,
  ActionHookData<N>,
  ActionHookError<N>
>

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
 * Makes the React hook of a Promise facade action: the action's mutation (`actionMutation`, the one
 * `tradekit/react/query` gives to TanStack Query) bound to the provider's client and wallet, run one at a
 * time with an AbortSignal the hook owns and an `onSnapshot` that renders each progress snapshot. The hook
 * holds no trading logic. Unmounting the component aborts what the hook started.
 *
 * @example
 * export const useBuyToken = createActionHook("buyToken")
 * const { mutate, isPending, progress, error, abort } = useBuyToken({ onSuccess: () => toast("Bought") })
 * <button disabled={isPending} onClick={() => mutate({ items: [{ token: "0xNft:42", quantity: 1 }] })}>Buy</button>
 */
export const createActionHook =
  <N extends FacadeActionName>(name: N): ActionHook<N> =>
  (options) => {
    // The context value, not its `client`: read when an execution starts, it is the provider's live client
    // even from an effect that runs before the provider has rendered again (StrictMode's second mount).
    const tradekit = useTradekit()
    const mutationFn = useCallback(
      // The hook's variables plus its controls are the mutation's variables; TypeScript cannot see it through
      // `Omit` over a generic `N`.
      (variables: ActionHookParameters<N> & ExecutionControls) =>
        actionMutation(name, tradekit.client, tradekit.wallet).mutationFn(variables as ActionMutationVariables<N>),
      [tradekit],
    )
    return useExecution<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>(mutationFn, options)
  }
