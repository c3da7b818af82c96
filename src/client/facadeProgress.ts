import * as Effect from "effect/Effect"
import type { CommonActionParameters } from "../actions/internal/ActionOptions.js"
import { copyPlain } from "../internal/copyPlain.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import type { CallActionParameters, FacadeParameters, StepsAndPathCallback, StepsCallback } from "./ReservoirClient.js"

/** Calls a user callback with fresh copies, so nothing the executor holds is ever shared with the caller. */
const notify = (callback: () => unknown): Effect.Effect<void> =>
  Effect.try(callback).pipe(
    Effect.catch((error) => Effect.logWarning("tradekit: an onProgress callback threw", error)),
    Effect.asVoid,
  )

/**
 * A copy the caller may change at will. Snapshots are plain JSON, which a plain copy handles several times
 * faster than `structuredClone` (called on every progress update); anything else is cloned as before.
 */
const fresh = <A>(value: A): A => copyPlain(value, { other: structuredClone }) as A

/** A progress callback over the execution's snapshots. */
export type Progress = (snapshot: ExecutionSnapshot) => unknown

/** The action's `onProgress`: the facade's own callback in its reservoir-sdk shape, then `onSnapshot`. */
export const progressOf = (
  parameters: FacadeParameters,
  onProgress: Progress | undefined,
): Pick<CommonActionParameters, "onProgress"> => {
  const callbacks = [onProgress, parameters.onSnapshot].filter(
    (callback): callback is Progress => callback !== undefined,
  )
  return callbacks.length === 0
    ? {}
    : {
        onProgress: (snapshot) =>
          Effect.forEach(callbacks, (callback) => notify(() => callback(snapshot)), { discard: true }),
      }
}

/** What the facade passes on to the action as it is: all but what the facade itself handles. */
export const ownOf = <P extends FacadeParameters & { readonly onProgress?: unknown }>(parameters: P) => {
  const { wallet: _wallet, signal: _signal, onSnapshot: _onSnapshot, onProgress: _onProgress, ...own } = parameters
  return own
}

const stepsOf = (snapshot: ExecutionSnapshot) => fresh(snapshot.steps) as Array<Step>
const pathOf = (snapshot: ExecutionSnapshot) => fresh(snapshot.path) as Array<PathEntry> | null | undefined

/** A reservoir-sdk `onProgress(steps)` as a snapshot callback. */
export const withSteps = (callback: StepsCallback | undefined): Progress | undefined =>
  callback && ((snapshot) => callback(stepsOf(snapshot)))

/**
 * A reservoir-sdk `onProgress(steps, path, fees)` as a snapshot callback: as reservoir-sdk 2.0.x, an execution
 * passes the fees too (a copy, `{}` when absent), a precheck does not.
 */
export const withPath = (
  callback: StepsAndPathCallback | undefined,
  precheck: boolean | undefined,
): Progress | undefined =>
  callback &&
  (precheck === true
    ? (snapshot) => callback(stepsOf(snapshot), pathOf(snapshot))
    : (snapshot) => callback(stepsOf(snapshot), pathOf(snapshot), fresh(snapshot.fees) ?? {}))

/** A reservoir-sdk call's `onProgress(steps, fees)` as a snapshot callback. */
export const withFees = (callback: CallActionParameters["onProgress"]): Progress | undefined =>
  callback && ((snapshot) => callback(stepsOf(snapshot), fresh(snapshot.fees)))

/** A precheck's steps as a copy the caller may change, or `true`. */
export const mutableSteps = (result: ReadonlyArray<Step> | true): Array<Step> | true =>
  result === true ? result : (fresh(result) as Array<Step>)
