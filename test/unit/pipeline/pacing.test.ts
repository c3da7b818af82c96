import { describe, expect, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { pollUntil } from "../../../src/polling/pollUntil.js"
import { blankRequest } from "../../support/blankRequest.js"
import { setup, step, txItem } from "../fixtures.js"

const LIST = { request: blankRequest("list") } as const

describe("pacing: nothing polls in a tight loop", () => {
  it.effect("pollUntil waits at least 100 ms between two starts, even with an interval of 0", () =>
    Effect.gen(function* () {
      const starts: Array<number> = []
      const never = Effect.gen(function* () {
        starts.push(yield* Clock.currentTimeMillis)
        return Option.none<string>()
      })
      const fiber = yield* Effect.forkChild(
        Effect.exit(pollUntil(never, { interval: 0, attempts: 4, onExhausted: (n) => `after ${n}` })),
      )
      yield* TestClock.adjust("0 millis")
      expect(starts).toEqual([0])
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toEqual(Exit.fail("after 4"))
      expect(starts).toEqual([0, 100, 200, 300])
    }),
  )

  it.effect("a chain with checkPollingInterval 0 polls the status at most every 100 ms", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({
        chains: [{ id: 1, name: "E", baseApiUrl: "https://api.test", active: true, checkPollingInterval: 0 }],
      })
      wallet.behaviour.receipts.push("pending")
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, { body: { synced: false } })
      const fiber = yield* Effect.forkChild(execute(LIST))
      // No receipt: the fallback asks from one interval on.
      for (let i = 0; i < 5; i++) yield* TestClock.adjust("10 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(0)
      for (let i = 0; i < 19; i++) yield* TestClock.adjust("50 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(10)
      yield* Fiber.interrupt(fiber)
    }),
  )
})
