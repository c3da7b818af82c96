import * as Effect from "effect/Effect"
import { ExecutionInProgressError } from "../../errors/index.js"

/** The part of the Web Locks API (`navigator.locks`) the guard uses. */
interface LockManagerLike {
  request(name: string, options: { readonly ifAvailable: true }, callback: (lock: unknown) => Promise<void> | undefined): Promise<unknown>
}

const lockManager = (): LockManagerLike | undefined => (globalThis as { readonly navigator?: { readonly locks?: LockManagerLike } }).navigator?.locks

/**
 * Runs `effect` holding the Web Lock `name` (`navigator.locks`, shared by every tab of an origin), so that two tabs
 * resuming the same stored execution never both run it: the second is refused at once with an
 * ExecutionInProgressError, before any request or wallet call. Where the runtime has no Web Locks (Node, older
 * browsers), `effect` runs unguarded.
 * @internal
 */
export const withTabLock = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ExecutionInProgressError, R> => {
  const locks = lockManager()
  if (locks === undefined) return effect
  // The lock is held until `release` is called: the callback's promise settles then.
  const acquire = Effect.callback<(() => void) | undefined>((resume) => {
    void locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          resume(Effect.succeed(undefined))
          return undefined
        }
        return new Promise<void>((release) => resume(Effect.succeed(release)))
      })
      .catch(() => resume(Effect.succeed(() => undefined)))
  })
  return Effect.acquireUseRelease(
    acquire,
    (release): Effect.Effect<A, E | ExecutionInProgressError, R> =>
      release === undefined
        ? Effect.fail(new ExecutionInProgressError({ message: "This execution is being resumed in another tab; wait for it to end there" }))
        : effect,
    (release) => Effect.sync(() => release?.()),
  )
}
