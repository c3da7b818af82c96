import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { blankRequest } from "../../support/blankRequest.js"
import { setup, step } from "../fixtures.js"

const LIST = { request: blankRequest("list") } as const
const waiting = (id: string) => step(id, "signature", [{ status: "incomplete" }])
const signing = (id: string) =>
  step(id, "signature", [{ status: "incomplete", data: { sign: { signatureKind: "eip191", message: id } } }])
const trivial = (id: string) => step(id, "signature", [{ status: "incomplete", data: {} }])
const done = { body: { steps: [step("done", "signature", [{ status: "complete" }])] } }

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  return Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [key: string]: unknown
  }
}

/**
 * A hostile API: every answer lays the steps out under new ids. Past `limit` answers it gives in (so that an
 * executor that does not pace its re-polls ends instead of spinning forever, and the test can see it).
 */
const shifting =
  (answer: (call: number) => ReadonlyArray<unknown>, limit = 200) =>
  (_request: unknown, call: number) =>
    call >= limit ? done : { body: { steps: answer(call) } }

describe("waiting for item data: paced at the chain's interval, capped across waits", () => {
  it.effect("answers whose step ids change every time: at most one re-poll per interval, then PollTimeoutError", () =>
    Effect.gen(function* () {
      // Chain 1 polls every 2000 ms.
      const { api, wallet, execute } = setup()
      api.route(
        "POST",
        "/execute/list/v5",
        shifting((call) => [waiting(`step-${call}`)]),
      )
      const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
      yield* TestClock.adjust("1 millis")
      // The first answer and one re-poll; the next waits for the clock.
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(2)
      yield* TestClock.adjust("2000 millis")
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(3)
      for (let i = 0; i < 20; i++) yield* TestClock.adjust("2 seconds")
      const error = failureOf(yield* Fiber.join(fiber))
      expect(error).toMatchObject({
        _tag: "PollTimeoutError",
        kind: "data",
        attempts: 15,
        message: "Failed to get data after 15 attempt(s), aborting",
      })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(16)
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a wait entered again after an item ran does not re-poll before the interval is over", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      // Every answer: a new step to sign, then a new step without data.
      api.route(
        "POST",
        "/execute/list/v5",
        shifting((call) => [signing(`sign-${call}`), waiting(`wait-${call}`)], 30),
      )
      const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
      yield* TestClock.adjust("1 millis")
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(2)
      yield* TestClock.adjust("1998 millis")
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(2)
      for (let i = 0; i < 5; i++) yield* TestClock.adjust("2 seconds")
      // 0, 0, 2, 4, 6, 8, 10 s: a signature each time is progress, so the waits go on — but paced.
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(7)
      expect(wallet.calls).toHaveLength(7)
      yield* Fiber.interrupt(fiber)
    }),
  )

  it.effect(
    "items that complete without any side effect do not renew the budget: PollTimeoutError after 15 re-polls in all",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        api.route(
          "POST",
          "/execute/list/v5",
          shifting((call) => [trivial(`nothing-${call}`), waiting(`wait-${call}`)]),
        )
        const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
        for (let i = 0; i < 40; i++) yield* TestClock.adjust("1 second")
        const error = failureOf(yield* Fiber.join(fiber))
        expect(error).toMatchObject({ _tag: "PollTimeoutError", kind: "data", attempts: 15 })
        expect(api.requestsTo("/execute/list/v5")).toHaveLength(16)
        expect(wallet.calls).toEqual([])
      }),
  )
})
