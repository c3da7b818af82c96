import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Semaphore from "effect/Semaphore"

/** What the SendLocks service offers: one wallet send at a time per account and chain. */
export interface SendLocksService {
  /**
   * Runs `effect` while holding the lock of `account` on `chainId`: two sends from one account at once
   * would race for the same nonce, whichever execution they belong to.
   */
  readonly withLock: (
    account: string,
    chainId: number,
  ) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** Builds a fresh set of locks; every execution that shares it sends one transaction at a time per account. */
export const makeSendLocks: Effect.Effect<SendLocksService> = Effect.sync(() => {
  const locks = new Map<string, Semaphore.Semaphore>()
  const lockOf = (key: string): Semaphore.Semaphore => {
    let lock = locks.get(key)
    if (lock === undefined) {
      lock = Semaphore.makeUnsafe(1)
      locks.set(key, lock)
    }
    return lock
  }
  return {
    withLock: (account, chainId) => lockOf(`${chainId}:${account.toLowerCase()}`).withPermits(1),
  }
})

/**
 * Serialises wallet sends per account and chain across every execution that shares the service. A client
 * provides one for all its actions (and keeps it across `configure`); an execution without one serialises
 * its own sends only.
 */
export class SendLocks extends Context.Service<SendLocks, SendLocksService>()("tradekit/SendLocks") {
  /** A layer with a fresh set of locks. */
  static readonly layer: Layer.Layer<SendLocks> = Layer.effect(SendLocks, makeSendLocks)
}
