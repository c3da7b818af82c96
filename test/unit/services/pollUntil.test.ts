import { describe, expect, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { pollUntil } from "../../../src/polling/pollUntil.js"

describe("pollUntil", () => {
  it.effect("starts a poll every interval, however long the previous answer took", () =>
    Effect.gen(function* () {
      const starts: Array<number> = []
      const slowProbe = Effect.gen(function* () {
        starts.push(yield* Clock.currentTimeMillis)
        yield* Effect.sleep("400 millis")
        return starts.length === 3 ? Option.some("done") : Option.none()
      })
      const fiber = yield* Effect.forkChild(
        pollUntil(slowProbe, { interval: "1 second", attempts: 5, onExhausted: () => "gave up" }),
      )
      for (let i = 0; i < 30; i++) yield* TestClock.adjust("100 millis")
      expect(yield* Fiber.join(fiber)).toBe("done")
      expect(starts).toEqual([0, 1000, 2000])
    }),
  )

  it.effect("gives up after exactly `attempts` probes, and at once with 0 attempts", () =>
    Effect.gen(function* () {
      let probes = 0
      const never = Effect.sync(() => {
        probes++
        return Option.none<string>()
      })
      const fiber = yield* Effect.forkChild(
        Effect.exit(pollUntil(never, { interval: "1 second", attempts: 3, onExhausted: (n) => `after ${n}` })),
      )
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toEqual(Exit.fail("after 3"))
      expect(probes).toBe(3)
      expect(
        yield* Effect.exit(pollUntil(never, { interval: "1 second", attempts: 0, onExhausted: (n) => `after ${n}` })),
      ).toEqual(Exit.fail("after 0"))
      expect(probes).toBe(3)
    }),
  )

  it.effect("with backoffFrom, asks again after waits doubling from it up to the interval", () =>
    Effect.gen(function* () {
      const starts: Array<number> = []
      const probe = Effect.gen(function* () {
        starts.push(yield* Clock.currentTimeMillis)
        return starts.length === 6 ? Option.some("done") : Option.none()
      })
      const fiber = yield* Effect.forkChild(
        pollUntil(probe, {
          interval: "250 millis",
          backoffFrom: "50 millis",
          attempts: 10,
          onExhausted: () => "gave up",
        }),
      )
      for (let i = 0; i < 100; i++) yield* TestClock.adjust("10 millis")
      expect(yield* Fiber.join(fiber)).toBe("done")
      expect(starts).toEqual([0, 50, 150, 350, 600, 850])
    }),
  )
})
