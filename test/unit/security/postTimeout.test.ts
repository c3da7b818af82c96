import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { type ClientOptions, list } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** A listing whose signed order is posted to an endpoint that accepts the request and never answers. */
const listingWithSilentPost = (options: ClientOptions) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet()
    const order = {
      id: "order-signature",
      action: "Authorize listing",
      description: "Sign",
      kind: "signature",
      items: [
        {
          status: "incomplete",
          data: { sign: { signatureKind: "eip191", message: "list" }, post: { endpoint: "/order/v4", body: {} } },
        },
      ],
    }
    const api = makeFakeApi()
      .route("POST", "/execute/list/v5", { body: { steps: [order] } })
      .route("POST", "/order/v4", () => Effect.never)
    const fiber = yield* Effect.forkChild(
      Effect.exit(
        list({ listings: [{ token: `${NFT}:1`, weiPrice: "1000" }] }).pipe(
          Effect.provide(testLayer({ api, wallet, options })),
        ),
      ),
    )
    return { api, wallet, fiber }
  })

describe("an order post once sent is bounded by postTimeout", () => {
  for (const [name, options, limit] of [
    ["by default", {}, 30_000],
    ["with no API request limit (httpTimeout: Infinity)", { httpTimeout: Number.POSITIVE_INFINITY }, 30_000],
    ["with postTimeout: 5000", { postTimeout: 5000 }, 5000],
  ] as const) {
    it.effect(
      `${name}, a post that never answers ends the run with OrderPostUnknownError at ${limit} ms, posted once`,
      () =>
        Effect.gen(function* () {
          const { api, wallet, fiber } = yield* listingWithSilentPost(options)
          yield* TestClock.adjust(limit - 1)
          expect(fiber.pollUnsafe()).toBeUndefined()
          yield* TestClock.adjust(1)
          const error = failureOf(yield* Fiber.join(fiber))
          expect(error).toMatchObject({ _tag: "OrderPostUnknownError", endpoint: "/order/v4" })
          expect(error.message).toContain(`timeout of ${limit}ms exceeded`)
          expect(api.requestsTo("/order/v4")).toHaveLength(1)
          expect(wallet.calls.map((call) => call.method)).toEqual(["signMessage"])
        }),
    )
  }
})
