import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import * as TestClock from "effect/testing/TestClock"
import { makeSendLocks, SendLocks } from "../../../src/services/SendLocks.js"

const ALICE = "0x00000000000000000000000000000000000000A1"

/** Runs two one-second sends under the given locks at once; how long both took, in test-clock seconds. */
const twoSends = (first: [string, number], second: [string, number]) =>
  Effect.gen(function* () {
    const locks = yield* SendLocks
    const finished = yield* Ref.make<Array<string>>([])
    const send = (name: string, [account, chainId]: [string, number]) =>
      locks.withLock(
        account,
        chainId,
      )(
        Effect.andThen(
          Effect.sleep("1 second"),
          Ref.update(finished, (f) => [...f, name]),
        ),
      )
    const both = yield* Effect.forkChild(Effect.all([send("first", first), send("second", second)], { concurrency: 2 }))
    yield* TestClock.adjust("1 second")
    const afterOne = yield* Ref.get(finished)
    yield* TestClock.adjust("1 second")
    yield* Fiber.join(both)
    return { afterOne, afterTwo: yield* Ref.get(finished) }
  }).pipe(Effect.provide(SendLocks.layer))

describe("SendLocks", () => {
  it.effect("runs one send at a time for an account on a chain, whatever the address's case", () =>
    Effect.gen(function* () {
      const { afterOne, afterTwo } = yield* twoSends([ALICE, 1], [ALICE.toLowerCase(), 1])
      expect(afterOne).toEqual(["first"])
      expect(afterTwo).toEqual(["first", "second"])
    }),
  )

  it.effect("lets sends of other accounts, or of the same account on other chains, run at once", () =>
    Effect.gen(function* () {
      const otherAccount = yield* twoSends([ALICE, 1], ["0x00000000000000000000000000000000000000b2", 1])
      expect(otherAccount.afterOne).toHaveLength(2)
      const otherChain = yield* twoSends([ALICE, 1], [ALICE, 8453])
      expect(otherChain.afterOne).toHaveLength(2)
    }),
  )

  it.effect("releases the lock when a send fails", () =>
    Effect.gen(function* () {
      const locks = yield* makeSendLocks
      const failed = yield* Effect.flip(locks.withLock(ALICE, 1)(Effect.fail("rejected")))
      expect(failed).toBe("rejected")
      expect(yield* locks.withLock(ALICE, 1)(Effect.succeed("sent"))).toBe("sent")
    }),
  )

  it.effect("gives each set of locks its own locks", () =>
    Effect.gen(function* () {
      const one = yield* makeSendLocks
      const other = yield* makeSendLocks
      const held = yield* Effect.forkChild(one.withLock(ALICE, 1)(Effect.never))
      yield* Effect.yieldNow
      const sameSet = yield* Effect.forkChild(one.withLock(ALICE, 1)(Effect.succeed("sent")))
      const otherSet = yield* Effect.forkChild(other.withLock(ALICE, 1)(Effect.succeed("sent")))
      yield* Effect.yieldNow
      expect(sameSet.pollUnsafe()).toBeUndefined()
      expect(yield* Fiber.join(otherSet)).toBe("sent")
      yield* Fiber.interrupt(held)
      expect(yield* Fiber.join(sameSet)).toBe("sent")
    }),
  )
})
