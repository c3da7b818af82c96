"use client"
import { useCallback, useEffect, useRef, useState } from "react"
import { ExecutionInProgressError } from "../../errors/index.js"
import type { ExecutionSnapshot } from "../../pipeline/ExecutionSnapshot.js"
import type { ExecuteError } from "../../schema/ExecuteResponse.js"

/** Where a hook's execution stands, as TanStack Query's `useMutation` names it. */
export type ExecutionHookStatus = "idle" | "pending" | "success" | "error"

/**
 * The state a hook renders from, one variant per `status` (checking `status` or an `is*` flag narrows
 * `data`, `error` and `variables`). Each change is a new object; `progress` is the executor's own
 * immutable snapshot, kept after the execution ends.
 */
export type ExecutionHookState<V, D, E> =
  | {
      readonly status: "idle"
      readonly isIdle: true
      readonly isPending: false
      readonly isSuccess: false
      readonly isError: false
      readonly variables: undefined
      readonly data: undefined
      readonly error: undefined
      readonly progress: undefined
    }
  | {
      readonly status: "pending"
      readonly isIdle: false
      readonly isPending: true
      readonly isSuccess: false
      readonly isError: false
      readonly variables: V
      readonly data: undefined
      readonly error: undefined
      readonly progress: ExecutionSnapshot | undefined
    }
  | {
      readonly status: "success"
      readonly isIdle: false
      readonly isPending: false
      readonly isSuccess: true
      readonly isError: false
      readonly variables: V
      readonly data: D
      readonly error: undefined
      readonly progress: ExecutionSnapshot | undefined
    }
  | {
      readonly status: "error"
      readonly isIdle: false
      readonly isPending: false
      readonly isSuccess: false
      readonly isError: true
      readonly variables: V
      readonly data: undefined
      readonly error: E
      readonly progress: ExecutionSnapshot | undefined
    }

/**
 * What to do when an execution settles, as TanStack Query's mutation callbacks: `onSuccess` or `onError`,
 * then `onSettled`. A returned promise is awaited before the next callback runs; a callback that throws
 * changes nothing in the outcome (its error is reported as an unhandled rejection, as TanStack does).
 */
export interface ExecutionCallbacks<V, D, E> {
  readonly onSuccess?: ((data: D, variables: V) => unknown) | undefined
  readonly onError?: ((error: E, variables: V) => unknown) | undefined
  readonly onSettled?: ((data: D | undefined, error: E | null, variables: V) => unknown) | undefined
}

/** The controls of one execution at a time. */
export interface ExecutionHookControls<V, D, E> {
  /**
   * Runs the execution; never throws and never rejects: the outcome is in the state and the callbacks.
   * Called while this hook's execution still runs, it is refused with `ExecutionInProgressError` (given
   * to this call's `onError`), and the running one and the state are left as they are.
   */
  readonly mutate: (variables: V, options?: ExecutionCallbacks<V, D, E>) => void
  /** As `mutate`, and resolves to the result or rejects with the tagged error (the refusal included). */
  readonly mutateAsync: (variables: V, options?: ExecutionCallbacks<V, D, E>) => Promise<D>
  /**
   * The earlier name of running it: resolves to the result, or to `undefined` when it failed or was aborted
   * (the reason is in `error`); rejects only with `ExecutionInProgressError`.
   * @deprecated Use `mutate` or `mutateAsync`.
   */
  readonly execute: (variables: V) => Promise<D | undefined>
  /**
   * Aborts the running execution: every request and poll stops; the status becomes `error` with an
   * `ExecutionAbortedError`.
   */
  readonly abort: (reason?: unknown) => void
  /** Aborts the running execution, if any, and goes back to `idle` with no variables, progress, data or error. */
  readonly reset: () => void
}

/** What the API left out of an execution's plan, read from its progress. */
export interface ExecutionHookErrors {
  /**
   * The items the API would not carry out (a `partial: true` buy of tokens no longer listed, say), as the
   * latest progress snapshot lists them (`progress.errors`): empty when it left nothing out, or before the
   * first answer. Not to be confused with `error`, the execution's own failure.
   */
  readonly errors: ReadonlyArray<ExecuteError>
}

/** The state and the controls of one execution at a time. */
export type ExecutionHookResult<V, D, E> = ExecutionHookState<V, D, E> &
  ExecutionHookErrors &
  ExecutionHookControls<V, D, E>

const NO_ERRORS: ReadonlyArray<ExecuteError> = Object.freeze([])

/** What a hook's call gets besides the caller's variables: its own signal, and its progress callback. */
export interface ExecutionControls {
  readonly signal: AbortSignal
  readonly onSnapshot: (snapshot: ExecutionSnapshot) => void
}

const idle = {
  status: "idle",
  isIdle: true,
  isPending: false,
  isSuccess: false,
  isError: false,
  variables: undefined,
  data: undefined,
  error: undefined,
  progress: undefined,
} as const

const flags = { isIdle: false, isPending: false, isSuccess: false, isError: false } as const

type Outcome<D, E> = { readonly ok: true; readonly data: D } | { readonly ok: false; readonly error: E }

/** Surfaces a callback's failure without letting it change the outcome, as TanStack Query does. */
const report = (error: unknown): void => {
  void Promise.reject(error)
}

const settleCallbacks = async <V, D, E>(
  callbacks: ExecutionCallbacks<V, D, E> | undefined,
  outcome: Outcome<D, E>,
  variables: V,
) => {
  if (callbacks === undefined) return
  const run = async (callback: () => unknown) => {
    try {
      await callback()
    } catch (error) {
      report(error)
    }
  }
  if (outcome.ok) {
    if (callbacks.onSuccess) await run(() => callbacks.onSuccess?.(outcome.data, variables))
    if (callbacks.onSettled) await run(() => callbacks.onSettled?.(outcome.data, null, variables))
  } else {
    if (callbacks.onError) await run(() => callbacks.onError?.(outcome.error, variables))
    if (callbacks.onSettled) await run(() => callbacks.onSettled?.(undefined, outcome.error, variables))
  }
}

/** Runs the mutation once; its rejection is the outcome's error. */
const outcomeOf = async <V, D, E>(
  mutationFn: (variables: V & ExecutionControls) => Promise<D>,
  variables: V,
  controls: ExecutionControls,
): Promise<Outcome<D, E>> => {
  try {
    return { ok: true, data: await mutationFn({ ...variables, ...controls }) }
  } catch (error) {
    return { ok: false, error: error as E }
  }
}

/** The state a settled execution shows, its last progress kept. */
const settledState = <V, D, E>(
  outcome: Outcome<D, E>,
  variables: V,
  progress: ExecutionSnapshot | undefined,
): ExecutionHookState<V, D, E> =>
  outcome.ok
    ? { ...flags, status: "success", isSuccess: true, variables, data: outcome.data, error: undefined, progress }
    : { ...flags, status: "error", isError: true, variables, data: undefined, error: outcome.error, progress }

/**
 * The machinery every execution hook shares, in the shape of TanStack Query's `useMutation` and run without
 * it (an app need not have TanStack Query): it binds a mutation's `mutationFn`, which the hook gets from the
 * one definition of its mutation (see `actionMutation`). One execution at a time: a call while one runs is
 * refused, so a wallet prompt it opened is never abandoned. An aborted or reset execution can no longer touch
 * the state; unmounting aborts what the hook started. The hook's own callbacks hear every execution it started
 * settle; a call's callbacks only when its outcome is the one the hook shows (not after `reset`, a newer
 * execution, or unmounting). `mutationFn` rejects with a tagged error only.
 */
export const useExecution = <V, D, E>(
  mutationFn: (variables: V & ExecutionControls) => Promise<D>,
  options: ExecutionCallbacks<V, D, E> | undefined,
): ExecutionHookResult<V, D, E> => {
  const [state, setState] = useState<ExecutionHookState<V, D, E>>(idle)
  // The execution this hook currently answers for; an aborted one may still be winding down, but a new
  // one replaces it, and a replaced or reset one can no longer touch the state.
  const running = useRef<AbortController | undefined>(undefined)
  const mounted = useRef(false)
  const hookCallbacks = useRef(options)

  useEffect(() => {
    hookCallbacks.current = options
  })

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      running.current?.abort()
    }
  }, [])

  const mutateAsync = useCallback(
    async (variables: V, callbacks?: ExecutionCallbacks<V, D, E>): Promise<D> => {
      if (running.current !== undefined && !running.current.signal.aborted) {
        const refusal = new ExecutionInProgressError() as E
        await settleCallbacks(callbacks, { ok: false, error: refusal }, variables)
        throw refusal
      }
      const controller = new AbortController()
      running.current = controller
      setState({
        ...flags,
        status: "pending",
        isPending: true,
        variables,
        data: undefined,
        error: undefined,
        progress: undefined,
      })
      const outcome = await outcomeOf<V, D, E>(mutationFn, variables, {
        signal: controller.signal,
        onSnapshot: (snapshot: ExecutionSnapshot) => {
          if (running.current !== controller) return
          setState((current) => (current.status === "idle" ? current : { ...current, progress: snapshot }))
        },
      })
      const shown = running.current === controller
      if (shown) {
        running.current = undefined
        setState((current) => settledState(outcome, variables, current.progress))
      }
      await settleCallbacks(hookCallbacks.current, outcome, variables)
      if (shown && mounted.current) await settleCallbacks(callbacks, outcome, variables)
      if (outcome.ok) return outcome.data
      throw outcome.error
    },
    [mutationFn],
  )

  const mutate = useCallback(
    (variables: V, callbacks?: ExecutionCallbacks<V, D, E>): void => {
      mutateAsync(variables, callbacks).catch(() => undefined)
    },
    [mutateAsync],
  )

  const execute = useCallback(
    (variables: V): Promise<D | undefined> =>
      mutateAsync(variables).catch((error: unknown) => {
        if (error instanceof ExecutionInProgressError) throw error
        return undefined
      }),
    [mutateAsync],
  )

  const abort = useCallback((reason?: unknown) => running.current?.abort(reason), [])

  const reset = useCallback(() => {
    running.current?.abort()
    running.current = undefined
    setState(idle)
  }, [])

  return { ...state, errors: state.progress?.errors ?? NO_ERRORS, mutate, mutateAsync, execute, abort, reset }
}
