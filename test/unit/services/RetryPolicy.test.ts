import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import { APIError } from "../../../src/errors/index.js"
import { parseRetryAfter, retrySchedule } from "../../../src/services/RetryPolicy.js"

const busy = new APIError({ message: "busy", statusCode: 503 })

describe("retrySchedule", () => {
  it.effect("backs off exponentially with jitter, in whole milliseconds, capped at maxDelay", () =>
    Effect.gen(function* () {
      const policy = { times: 6, baseDelay: "100 millis", maxDelay: "1 second" } as const
      for (let round = 0; round < 20; round++) {
        const delays = Chunk.toReadonlyArray(yield* Schedule.run(Schedule.delays(retrySchedule(policy)), 0, Array(10).fill(busy))).map(Duration.toMillis)
        // Six retries, then the schedule's end (reported by Schedule.run as a last 0).
        expect(delays).toHaveLength(7)
        expect(delays[6]).toBe(0)
        expect(delays.every(Number.isInteger)).toBe(true)
        expect(delays[0]).toBeGreaterThanOrEqual(80)
        expect(delays[0]).toBeLessThanOrEqual(120)
        expect(Math.max(...delays)).toBeLessThanOrEqual(1000)
      }
    }))

  it.effect("stops at a failure that is not transient, and waits as long as Retry-After asks", () =>
    Effect.gen(function* () {
      const policy = { times: 5, baseDelay: "100 millis", maxDelay: "1 second" } as const
      const limited = new APIError({ message: "slow down", statusCode: 429, retryAfterMs: 7000 })
      const bad = new APIError({ message: "bad", statusCode: 400 })
      const delays = Chunk.toReadonlyArray(yield* Schedule.run(Schedule.delays(retrySchedule(policy)), 0, [limited, bad, busy])).map(Duration.toMillis)
      // One retry after 7 s, then the 400 ends it.
      expect(delays).toEqual([7000, 0])
    }))

  it.effect("stops at once when Retry-After asks for longer than 60 s", () =>
    Effect.gen(function* () {
      const policy = { times: 5, baseDelay: "100 millis", maxDelay: "1 second" } as const
      const stalling = new APIError({ message: "later", statusCode: 503, retryAfterMs: 60_001 })
      const delays = Chunk.toReadonlyArray(yield* Schedule.run(Schedule.delays(retrySchedule(policy)), 0, [stalling, busy])).map(Duration.toMillis)
      expect(delays).toEqual([0])
    }))

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("7", 0)).toBe(7000)
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000)
    expect(parseRetryAfter(undefined, 0)).toBeUndefined()
    expect(parseRetryAfter("soon", 0)).toBeUndefined()
  })
})
