"use client"
import { useCallback } from "react"
import type { ReservoirClientWallet, ResumeParameters } from "../client/ReservoirClient.js"
import type { ExecutionError, ExecutionInProgressError, MissingChainConfigurationError } from "../errors/index.js"
import type { ExecutionAbortedError } from "./errors/ExecutionAbortedError.js"
import type { NoWalletError } from "./errors/NoWalletError.js"
import { type FacadeCall, runFacadeCall } from "./internal/runFacadeCall.js"
import {
  type ExecutionCallbacks,
  type ExecutionControls,
  type ExecutionHookResult,
  useExecution,
} from "./internal/useExecution.js"
import { useTradekit } from "./useTradekit.js"

/**
 * What `useResume`'s `mutate` takes: the facade's `resume` parameters (the stored `snapshot`, an optional
 * `gas`), without `signal` and `onSnapshot` (the hook owns them) and with `wallet` optional (the provider's when
 * absent).
 */
export type UseResumeParameters = Omit<ResumeParameters, "wallet" | "signal" | "onSnapshot"> & {
  readonly wallet?: ReservoirClientWallet
}

/**
 * Why a resumed execution did not succeed, a union of tagged errors (match on `_tag`): the executor's
 * typed error, `NoWalletError`, `ExecutionAbortedError`, or (from `mutateAsync` only) `ExecutionInProgressError`.
 */
export type UseResumeErrorType =
  | ExecutionError
  | MissingChainConfigurationError
  | NoWalletError
  | ExecutionAbortedError
  | ExecutionInProgressError

/** What `useResume` takes: the callbacks that hear every execution it resumes. */
export type UseResumeOptions = ExecutionCallbacks<UseResumeParameters, true, UseResumeErrorType>

/**
 * What `useResume` returns: the same state and controls as an action hook; `data` is `true` once every step is
 * complete.
 */
export type UseResumeReturnType = ExecutionHookResult<UseResumeParameters, true, UseResumeErrorType>

const resume: FacadeCall<UseResumeParameters & ExecutionControls, true> = (client, parameters) =>
  client.resume(parameters)

/**
 * Continues an execution from a snapshot kept across a page reload (`client.resume`): a transaction already
 * sent is confirmed, not sent again; a signature already posted is not signed again. Returns the same
 * `mutate`, `mutateAsync`, `status`, `progress`, `data`, `error`, `abort`, `reset` as the action hooks;
 * unmounting aborts it. It can start on mount: the provider's client exists from its first render.
 *
 * @example
 * const { mutate, status, progress } = useResume()
 * useEffect(() => {
 *   const stored = localStorage.getItem("execution")
 *   if (stored) mutate({ snapshot: JSON.parse(stored) })
 * }, [mutate])
 */
export const useResume = (options?: UseResumeOptions): UseResumeReturnType => {
  // The context value, not its `client`: see `createActionHook`.
  const tradekit = useTradekit()
  const mutationFn = useCallback(
    (variables: UseResumeParameters & ExecutionControls) =>
      runFacadeCall(resume, tradekit.client, variables, tradekit.wallet),
    [tradekit],
  )
  return useExecution(mutationFn, options)
}
