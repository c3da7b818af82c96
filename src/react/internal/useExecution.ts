import { useCallback, useEffect, useRef, useState } from "react"
import type { ReservoirClient, ReservoirClientWallet } from "../../client/ReservoirClient.js"
import { ExecutionInProgressError } from "../../errors/index.js"
import type { ExecutionSnapshot } from "../../pipeline/ExecutionSnapshot.js"
import { useTradekit } from "../useTradekit.js"

/** Where a hook's execution stands. */
export type ExecutionHookStatus = "idle" | "running" | "success" | "error"

/** The state a hook renders from. Each change is a new object; `progress` is the executor's own immutable snapshot. */
export interface ExecutionHookState<D, E> {
  readonly status: ExecutionHookStatus
  readonly progress: ExecutionSnapshot | undefined
  readonly data: D | undefined
  readonly error: E | undefined
}

/** The state and the controls of one execution at a time. */
export interface ExecutionHookResult<P, D, E> extends ExecutionHookState<D, E> {
  readonly execute: (parameters: P) => Promise<D | undefined>
  readonly abort: (reason?: unknown) => void
  readonly reset: () => void
}

/** What the hook hands the facade call it runs: the acting wallet, its own signal, and its progress callback. */
export interface ExecutionControls {
  readonly wallet: ReservoirClientWallet
  readonly signal: AbortSignal
  readonly onSnapshot: (snapshot: ExecutionSnapshot) => void
}

/** A facade call a hook runs; defined outside the component, so it is the same function on every render. */
export type FacadeCall<P, D> = (client: ReservoirClient, parameters: P, controls: ExecutionControls) => Promise<D>

const idle = { status: "idle", progress: undefined, data: undefined, error: undefined } as const

/**
 * The machinery every execution hook shares: one execution at a time (`execute` while one runs is refused,
 * so a wallet prompt it opened is never abandoned), an aborted or reset one can no longer touch the state,
 * and unmounting aborts what the hook started. `call` is the only thing that differs.
 */
export const useExecution = <P extends { readonly wallet?: ReservoirClientWallet | undefined }, D, E>(
  call: FacadeCall<P, D>,
): ExecutionHookResult<P, D, E> => {
  const { client, wallet } = useTradekit()
  const [state, setState] = useState<ExecutionHookState<D, E>>(idle)
  // The execution this hook currently answers for; an aborted one may still be winding down, but a new
  // execute replaces it, and a replaced or reset one can no longer touch the state.
  const running = useRef<AbortController | undefined>(undefined)

  useEffect(() => () => running.current?.abort(), [])

  const execute = useCallback(
    async (parameters: P): Promise<D | undefined> => {
      if (running.current !== undefined && !running.current.signal.aborted) throw new ExecutionInProgressError()
      const controller = new AbortController()
      running.current = controller
      const settle = (next: Partial<ExecutionHookState<D, E>>) => {
        if (running.current !== controller) return
        running.current = undefined
        setState((current) => ({ ...current, ...next }))
      }
      setState({ ...idle, status: "running" })
      try {
        if (client === undefined) throw new Error("tradekit: the client is not ready yet")
        const actingWallet = parameters.wallet ?? wallet
        if (actingWallet === undefined) throw new Error("tradekit: no wallet; give one to <TradekitProvider wallet> or to execute")
        const data = await call(client, parameters, {
          wallet: actingWallet,
          signal: controller.signal,
          onSnapshot: (snapshot) => {
            if (running.current === controller) setState((current) => ({ ...current, progress: snapshot }))
          },
        })
        settle({ status: "success", data })
        return data
      } catch (error) {
        settle({ status: "error", error: error as E })
        return undefined
      }
    },
    [call, client, wallet],
  )

  const abort = useCallback((reason?: unknown) => running.current?.abort(reason), [])

  const reset = useCallback(() => {
    running.current?.abort()
    running.current = undefined
    setState(idle)
  }, [])

  return { ...state, execute, abort, reset }
}
