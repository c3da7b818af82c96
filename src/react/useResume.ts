import type { ResumeParameters, ReservoirClientWallet } from "../client/ReservoirClient.js"
import type { ExecutionError, MissingChainConfigurationError } from "../errors/index.js"
import { type ExecutionHookResult, type FacadeCall, useExecution } from "./internal/useExecution.js"

/**
 * What `useResume`'s `execute` takes: the facade's `resume` parameters (the stored `snapshot`, an optional
 * `gas`), without `signal` and `onSnapshot` (the hook owns them) and with `wallet` optional (the provider's when absent).
 */
export type UseResumeParameters = Omit<ResumeParameters, "wallet" | "signal" | "onSnapshot"> & {
  readonly wallet?: ReservoirClientWallet
}

/**
 * Why a resumed execution did not succeed: the executor's typed error (match on `_tag`), or, when it was
 * aborted, the abort reason.
 */
export type UseResumeErrorType = ExecutionError | MissingChainConfigurationError | Error

/** What `useResume` returns: the same state and controls as an action hook; `data` is `true` once every step is complete. */
export type UseResumeReturnType = ExecutionHookResult<UseResumeParameters, true, UseResumeErrorType>

const resume: FacadeCall<UseResumeParameters, true> = (client, parameters, controls) => client.resume({ ...parameters, ...controls })

/**
 * Continues an execution from a snapshot kept across a page reload (`client.resume`): a transaction already
 * sent is confirmed, not sent again; a signature already posted is not signed again. Returns `execute`,
 * `status`, `progress`, `data`, `error`, `abort`, `reset`, like the action hooks; unmounting aborts it.
 *
 * @example
 * const { execute, status, progress } = useResume()
 * const stored = localStorage.getItem("execution")
 * useEffect(() => { if (stored) void execute({ snapshot: JSON.parse(stored) }) }, [])
 */
export const useResume = (): UseResumeReturnType => useExecution(resume)
