import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { withTabLock } from "../../../../src/actions/internal/withTabLock.js"

/**
 * A page with the Web Locks API as browsers (and Node 24) have it: one holder per name, granted on a later task,
 * null when taken. Without `page`, the same `navigator.locks` in a process with no `document`, as Node 24 is.
 */
const stubWebLocks = (page = true): Set<string> => {
  const held = new Set<string>()
  if (page) vi.stubGlobal("document", {})
  vi.stubGlobal("navigator", {
    locks: {
      request: async (name: string, _options: unknown, callback: (lock: unknown) => Promise<void> | undefined) => {
        await Promise.resolve()
        if (held.has(name)) return callback(null)
        held.add(name)
        try {
          return await callback({ name })
        } finally {
          // Like Node's, the lock manager frees the name on a later task, after the callback's promise settles.
          await new Promise((freed) => setTimeout(freed, 1))
          held.delete(name)
        }
      },
    },
  })
  return held
}

describe("withTabLock: one run of a stored execution at a time", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it.live("a resume right after a finished run of the same execution runs: the lock is free once the run ends", () =>
    Effect.gen(function* () {
      stubWebLocks()
      expect(yield* withTabLock("x", Effect.succeed("first"))).toBe("first")
      expect(yield* withTabLock("x", Effect.succeed("second"))).toBe("second")
    }),
  )

  it.live("a run interrupted while the lock is being granted releases it, so the next resume runs", () =>
    Effect.gen(function* () {
      const held = stubWebLocks()
      const first = yield* Effect.forkChild(withTabLock("x", Effect.never))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(first)
      yield* Effect.sleep("30 millis")
      expect(held.size).toBe(0)
      expect(yield* withTabLock("x", Effect.succeed("ran"))).toBe("ran")
    }),
  )

  it.live("in Node a second concurrent resume is refused as running in this process, not in another tab", () =>
    Effect.gen(function* () {
      const held = stubWebLocks(false)
      const first = yield* Effect.forkChild(withTabLock("x", Effect.never))
      yield* Effect.sleep("20 millis")
      const second = yield* Effect.flip(withTabLock("x", Effect.succeed("ran")))
      expect(second._tag).toBe("ExecutionInProgressError")
      expect(second.message).toBe("This execution is being resumed by another call in this process; wait for it to end")
      // A server's executions are not tabs: Node's own navigator.locks is left alone.
      expect(held.size).toBe(0)
      yield* Fiber.interrupt(first)
    }),
  )

  it.live("in a browser the refusal names the other tab", () =>
    Effect.gen(function* () {
      stubWebLocks()
      const first = yield* Effect.forkChild(withTabLock("x", Effect.never))
      yield* Effect.sleep("20 millis")
      const second = yield* Effect.flip(withTabLock("x", Effect.succeed("ran")))
      expect(second.message).toBe("This execution is being resumed in another tab; wait for it to end there")
      yield* Fiber.interrupt(first)
    }),
  )
})

describe("withTabLock in this process (Node 20, 22 and 24 alike)", () => {
  it.effect("the same execution resumed twice in a row runs both times", () =>
    Effect.gen(function* () {
      expect(yield* withTabLock("tradekit.test.seq", Effect.succeed(1))).toBe(1)
      expect(yield* withTabLock("tradekit.test.seq", Effect.succeed(2))).toBe(2)
    }),
  )

  it.effect("a run interrupted at any point leaves the lock free for the next resume", () =>
    Effect.gen(function* () {
      for (const yields of [0, 1, 2, 3]) {
        const first = yield* Effect.forkChild(withTabLock("tradekit.test.interrupt", Effect.never))
        for (let i = 0; i < yields; i++) yield* Effect.yieldNow
        yield* Fiber.interrupt(first)
        expect(yield* withTabLock("tradekit.test.interrupt", Effect.succeed(yields))).toBe(yields)
      }
    }),
  )
})
