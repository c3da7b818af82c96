import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Pull from "effect/Pull"
import * as Schedule from "effect/Schedule"
import { APIError } from "../../../src/errors/index.js"
import { parseRetryAfter, retrySchedule } from "../../../src/services/RetryPolicy.js"

const busy = new APIError({ message: "busy", statusCode: 503 })

/**
 * The delays, in milliseconds, a schedule picks for each input in turn, all at time 0 — as v3's
 * `Schedule.run(Schedule.delays(schedule), 0, inputs)` reported them: the schedule's end is a last 0.
 */
const delaysOf = <Output, Input, E>(schedule: Schedule.Schedule<Output, Input, E>, inputs: ReadonlyArray<Input>) =>
  Effect.gen(function* () {
    const step = yield* Schedule.toStep(schedule)
    const delays: Array<number> = []
    for (const input of inputs) {
      const exit = yield* Effect.exit(step(0, input))
      if (Exit.isSuccess(exit)) {
        delays.push(Duration.toMillis(exit.value[1]))
        continue
      }
      if (Pull.isDoneCause(exit.cause)) {
        delays.push(0)
        break
      }
      return yield* Effect.failCause(exit.cause)
    }
    return delays
  })

describe("retrySchedule", () => {
  it.effect("backs off exponentially with jitter, in whole milliseconds, capped at maxDelay", () =>
    Effect.gen(function* () {
      const policy = { times: 6, baseDelay: "100 millis", maxDelay: "1 second" } as const
      for (let round = 0; round < 20; round++) {
        const delays = yield* delaysOf(retrySchedule(policy), Array(10).fill(busy))
        // Six retries, then the schedule's end (reported by delaysOf as a last 0).
        expect(delays).toHaveLength(7)
        expect(delays[6]).toBe(0)
        expect(delays.every(Number.isInteger)).toBe(true)
        expect(delays[0]).toBeGreaterThanOrEqual(80)
        expect(delays[0]).toBeLessThanOrEqual(120)
        expect(Math.max(...delays)).toBeLessThanOrEqual(1000)
      }
    }),
  )

  it.effect("stops at a failure that is not transient, and waits as long as Retry-After asks", () =>
    Effect.gen(function* () {
      const policy = { times: 5, baseDelay: "100 millis", maxDelay: "1 second" } as const
      const limited = new APIError({ message: "slow down", statusCode: 429, retryAfterMs: 7000 })
      const bad = new APIError({ message: "bad", statusCode: 400 })
      const delays = yield* delaysOf(retrySchedule(policy), [limited, bad, busy])
      // One retry after 7 s, then the 400 ends it.
      expect(delays).toEqual([7000, 0])
    }),
  )

  it.effect("stops at once when Retry-After asks for longer than 60 s", () =>
    Effect.gen(function* () {
      const policy = { times: 5, baseDelay: "100 millis", maxDelay: "1 second" } as const
      const stalling = new APIError({ message: "later", statusCode: 503, retryAfterMs: 60_001 })
      const delays = yield* delaysOf(retrySchedule(policy), [stalling, busy])
      expect(delays).toEqual([0])
    }),
  )

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("7", 0)).toBe(7000)
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000)
    expect(parseRetryAfter(undefined, 0)).toBeUndefined()
    expect(parseRetryAfter("soon", 0)).toBeUndefined()
  })
})
