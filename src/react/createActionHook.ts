import type { BidErrorType } from "../actions/bid.js"
import type { BuyErrorType } from "../actions/buy.js"
import type { CallErrorType } from "../actions/call.js"
import type { CancelErrorType } from "../actions/cancel.js"
import type { ListErrorType } from "../actions/list.js"
import type { MintErrorType } from "../actions/mint.js"
import type { SellErrorType } from "../actions/sell.js"
import type { TransferErrorType } from "../actions/transfer.js"
import type { ReservoirClientActions, ReservoirClientWallet } from "../client/ReservoirClient.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import { type ExecutionHookStatus, type FacadeCall, useExecution } from "./internal/useExecution.js"

/** The name of a Promise facade action: `buyToken`, `acceptOffer`, `mintToken`, `listToken`, `placeBid`, ... */
export type ActionName = keyof ReservoirClientActions

/** The typed errors each facade action fails with. */
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

type FacadeParametersOf<N extends ActionName> = Parameters<ReservoirClientActions[N]>[0]

/**
 * What a hook's `execute` takes: the facade action's parameters, without `signal` and `onSnapshot` (the hook
 * owns them) and with `wallet` optional (the provider's when absent).
 */
export type ActionHookParameters<N extends ActionName> = Omit<FacadeParametersOf<N>, "wallet" | "signal" | "onSnapshot"> & {
  readonly wallet?: ReservoirClientWallet
}

/** What the facade action resolves to: the API's answer or steps with `precheck`, else `true`. */
export type ActionHookData<N extends ActionName> = Awaited<ReturnType<ReservoirClientActions[N]>>

/**
 * Why an execution did not succeed: the action's typed error (match on `_tag`), or, when it was aborted,
 * the abort reason (a DOMException named "AbortError" unless `abort` was given another).
 */
export type ActionHookError<N extends ActionName> = ActionErrors[N] | Error

/** Where a hook's execution stands. */
export type ActionHookStatus = ExecutionHookStatus

/** The state a hook renders from. Each change is a new object; `progress` is the executor's own immutable snapshot. */
export interface ActionHookState<N extends ActionName> {
  readonly status: ActionHookStatus
  /** The latest progress snapshot: steps, the current step and its items, tx hashes, path, fees. */
  readonly progress: ExecutionSnapshot | undefined
  /** What the last successful execution resolved to. */
  readonly data: ActionHookData<N> | undefined
  readonly error: ActionHookError<N> | undefined
}

/** What an action hook returns. */
export interface ActionHookResult<N extends ActionName> extends ActionHookState<N> {
  /**
   * Runs the action. Resolves to the action's result, or to `undefined` when it failed or was aborted (the
   * reason is in `error`). Called while this hook's execution still runs, it rejects with
   * `ExecutionInProgressError` and leaves that execution and the state as they are (abort it first, or disable
   * the trigger while `status` is "running"); it never rejects otherwise.
   */
  readonly execute: (parameters: ActionHookParameters<N>) => Promise<ActionHookData<N> | undefined>
  /** Aborts the running execution: every request and poll stops; the status becomes `error` with the reason. */
  readonly abort: (reason?: unknown) => void
  /** Aborts the running execution, if any, and goes back to `idle` with no progress, data or error. */
  readonly reset: () => void
}

/** An action hook: takes nothing, returns the state and the controls of one execution at a time. */
export type ActionHook<N extends ActionName> = () => ActionHookResult<N>

const callOf =
  <N extends ActionName>(name: N): FacadeCall<ActionHookParameters<N>, ActionHookData<N>> =>
  (client, parameters, controls) => {
    const action = client.actions[name] as unknown as (p: FacadeParametersOf<N>) => Promise<ActionHookData<N>>
    return action({ ...parameters, ...controls } as FacadeParametersOf<N>)
  }

/**
 * Makes the React hook of a Promise facade action. The hook holds no trading logic: it calls
 * `client.actions[name]` with the provider's wallet, an AbortSignal it owns, and an `onSnapshot` that
 * renders each progress snapshot. Unmounting the component aborts what the hook started.
 *
 * @example
 * export const useBuyToken = createActionHook("buyToken")
 * const { execute, status, progress, error, abort } = useBuyToken()
 * <button onClick={() => execute({ items: [{ token: "0xNft:42", quantity: 1 }] })}>Buy</button>
 */
export const createActionHook = <N extends ActionName>(name: N): ActionHook<N> => {
  const call = callOf(name)
  return () => useExecution<ActionHookParameters<N>, ActionHookData<N>, ActionHookError<N>>(call)
}
