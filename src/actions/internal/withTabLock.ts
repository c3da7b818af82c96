import * as Effect from "effect/Effect"
import { ExecutionInProgressError } from "../../errors/index.js"

/** The part of the Web Locks API (`navigator.locks`) the guard uses. */
interface LockManagerLike {
  request(
    name: string,
    options: { readonly ifAvailable: true },
    callback: (lock: unknown) => Promise<void> | undefined,
  ): Promise<unknown>
}

const lockManager = (): LockManagerLike | undefined =>
  (globalThis as { readonly navigator?: { readonly locks?: LockManagerLike } }).navigator?.locks

/** A page has a `document`; a server (Node, Deno, Bun) and a worker have none, whatever `navigator` they carry. */
const isPage = (): boolean => typeof (globalThis as { readonly document?: unknown }).document !== "undefined"

/** The resumes running in this process (or page without Web Locks), by lock name. */
const heldInProcess = new Set<string>()

/**
 * Runs `effect` holding the lock `name`, so that one stored execution is never resumed twice at once: a second
 * resume is refused at once with an ExecutionInProgressError, before any request or wallet call.
 *
 * - In a page with the Web Locks API (`navigator.locks`, shared by every tab of an origin), the lock is a Web Lock:
 *   two tabs never resume one execution. It is let go before `effect`'s result is handed on, so a resume that
 *   follows another in the same tab is not refused.
 * - Anywhere else (Node 24 has `navigator.locks` too, but a server's executions are not tabs), the lock is held in
 *   this process: two resumes of one execution in one server are refused the same way; two processes are not
 *   coordinated.
 * @internal
 */
export const withTabLock = <A, E, R>(
  name: string,
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E | ExecutionInProgressError, R> => {
  const locks = lockManager()
  return locks !== undefined && isPage() ? withWebLock(locks, name, effect) : withProcessLock(name, effect)
}

const withProcessLock = <A, E, R>(
  name: string,
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E | ExecutionInProgressError, R> =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      if (heldInProcess.has(name)) return false
      heldInProcess.add(name)
      return true
    }),
    (held): Effect.Effect<A, E | ExecutionInProgressError, R> =>
      held
        ? effect
        : Effect.fail(
            new ExecutionInProgressError({
              message: "This execution is being resumed by another call in this process; wait for it to end",
            }),
          ),
    (held) => Effect.sync(() => held && heldInProcess.delete(name)),
  )

/** A Web Lock held: `release` lets it go, and `released` settles once the browser has let it go. */
interface WebLock {
  release: () => void
  released: Promise<unknown>
}

const withWebLock = <A, E, R>(
  locks: LockManagerLike,
  name: string,
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E | ExecutionInProgressError, R> => {
  // The lock is held until `release` is called: the callback's promise settles then, and the request's own
  // promise once the browser has let the lock go (a lock manager may call the callback before it returns).
  const acquire = Effect.callback<WebLock | undefined>((resume) => {
    const held: WebLock = { release: () => undefined, released: Promise.resolve() }
    held.released = locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          resume(Effect.succeed(undefined))
          return undefined
        }
        return new Promise<void>((letGo) => {
          held.release = letGo
          resume(Effect.succeed(held))
        })
      })
      .catch(() => resume(Effect.succeed({ release: () => undefined, released: Promise.resolve() })))
  })
  return Effect.acquireUseRelease(
    acquire,
    (lock): Effect.Effect<A, E | ExecutionInProgressError, R> =>
      lock === undefined
        ? Effect.fail(
            new ExecutionInProgressError({
              message: "This execution is being resumed in another tab; wait for it to end there",
            }),
          )
        : effect,
    (lock) =>
      lock === undefined
        ? Effect.void
        : Effect.promise(() => {
            lock.release()
            return lock.released.then(
              () => undefined,
              () => undefined,
            )
          }),
  )
}
