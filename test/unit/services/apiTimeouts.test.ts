import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { buy, type ClientOptions, DEFAULT_RETRY_POLICY } from "../../../src/index.js"
import { type FakeApi, makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** A route handler that accepts the request and never answers it. */
const neverAnswers = () => Effect.never

/** Buys on the fake API, forked, so the test moves the TestClock and watches when it ends. */
const forkBuy = (api: FakeApi, wallet = makeFakeWallet(), options: ClientOptions = {}) =>
  Effect.forkChild(
    Effect.exit(buy({ items: [{ token: `${NFT}:1` }] }).pipe(Effect.provide(testLayer({ api, wallet, options })))),
  )

describe("every API wait is bounded by default (httpTimeout: 30 s)", () => {
  it.effect("an accepted execute that is never answered fails with HttpRequestError(timeout) at 30 s", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", neverAnswers)
      const fiber = yield* forkBuy(api)
      yield* TestClock.adjust("29999 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({
        _tag: "HttpRequestError",
        reason: "timeout",
        endpoint: "/execute/buy/v7",
        message: "timeout of 30000ms exceeded",
      })
    }),
  )

  it.effect(
    "with the default retry policy, it ends after 4 tries: within 4 × 30 s plus the retry delays (under 2.1 s)",
    () =>
      Effect.gen(function* () {
        const api = makeFakeApi().route("POST", "/execute/buy/v7", neverAnswers)
        const fiber = yield* forkBuy(api, makeFakeWallet(), { retry: DEFAULT_RETRY_POLICY })
        yield* TestClock.adjust("120 seconds")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("2100 millis")
        expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({ _tag: "HttpRequestError", reason: "timeout" })
        expect(api.requestsTo("/execute/buy/v7")).toHaveLength(4)
      }),
  )

  it.effect(
    "a check that is never answered ends the sale with TransactionTimeoutError within attempts × httpTimeout, retries included",
    () =>
      Effect.gen(function* () {
        const wallet = makeFakeWallet()
        const sale = {
          id: "sale",
          action: "Buy",
          description: "Buy",
          kind: "transaction",
          items: [
            {
              status: "incomplete",
              data: { from: wallet.address, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
              check: { endpoint: "/execute/status/v1", method: "POST" },
            },
          ],
        }
        const api = makeFakeApi()
          .route("POST", "/execute/buy/v7", { body: { steps: [sale] } })
          .route("POST", "/execute/status/v1", neverAnswers)
        // Ethereum: 2 s apart, 75 attempts; each attempt, its retries included, is cut at 30 s: 75 × 30 s = 37 min 30 s.
        const fiber = yield* forkBuy(api, wallet, { retry: DEFAULT_RETRY_POLICY })
        yield* TestClock.adjust("37 minutes")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("32 seconds")
        expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({ _tag: "TransactionTimeoutError", attempts: 75 })
        expect(wallet.calls.filter((call) => call.method === "sendTransaction")).toHaveLength(1)
      }),
  )
})
