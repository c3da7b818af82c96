import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as TestClock from "effect/testing/TestClock"
import { buy } from "../../../src/actions/buy.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { APIError, UserRejectedError } from "../../../src/errors/index.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { failureOf, settle, setupActions } from "../actions/actionFixtures.js"
import { NFT, OTHER, step, txItem } from "../fixtures.js"

const items = [{ token: `${NFT}:1` }, { token: `${OTHER}:7` }, { orderId: "0xabc" }]

describe("liquidity refresh plugin", () => {
  it.effect.each([
    ["buy", "/execute/buy/v7", buy({ items })],
    ["sell", "/execute/sell/v7", sell({ items })],
  ] as const)("after an APIError on %s, refreshes every item's token (liquidity only)", ([, path, action]) =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api
        .route("POST", path, { status: 400, body: { message: "No available orders" } })
        .route("POST", "/tokens/refresh/v1", { body: {} })
      const error = failureOf(yield* Effect.exit(run(action)))
      expect(error).toBeInstanceOf(APIError)
      expect(error.message).toBe("No available orders")
      yield* settle
      const refreshes = api.requestsTo("/tokens/refresh/v1")
      expect(refreshes.map((r) => r.body)).toEqual([
        { token: `${NFT}:1`, liquidityOnly: true },
        { token: `${OTHER}:7`, liquidityOnly: true },
      ])
      expect(refreshes[0]!.url.origin).toBe("https://api.test")
    }),
  )

  it.effect("also after a precheck's APIError", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { status: 400, body: { message: "down" } })
      yield* Effect.exit(run(buy({ items, precheck: true })))
      yield* settle
      expect(api.requestsTo("/tokens/refresh/v1")).toHaveLength(2)
    }),
  )

  it.effect("its own failure is ignored: the action fails with the original error", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api
        .route("POST", "/execute/buy/v7", { status: 400, body: { message: "Stale" } })
        .route("POST", "/tokens/refresh/v1", { status: 500, body: { message: "no" } })
      const error = failureOf(yield* Effect.exit(run(buy({ items }))))
      expect(error.message).toBe("Stale")
      yield* settle
      expect(api.requestsTo("/tokens/refresh/v1")).toHaveLength(2)
    }),
  )

  it.effect("is not fired for other actions, nor for errors that are not API errors", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/mint/v1", { status: 400, body: { message: "Sold out" } })
      yield* Effect.exit(run(mint({ items })))
      wallet.behaviour.rejectTransactions = true
      api.route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(wallet.address)])] } })
      const error = failureOf(yield* Effect.exit(run(buy({ items }))))
      expect(error).toBeInstanceOf(UserRejectedError)
      yield* settle
      expect(api.requestsTo("/tokens/refresh/v1")).toEqual([])
    }),
  )

  describe("under a Tradekit layer", () => {
    /** A buy failing with an APIError under a layer built in `scope`, with a refresh route that never answers. */
    const failedBuyIn = (scope: Scope.Scope) =>
      Effect.gen(function* () {
        const api = makeFakeApi()
        const refresh = { interrupted: false }
        api
          .route("POST", "/execute/buy/v7", { status: 400, body: { message: "No available orders" } })
          .route("POST", "/tokens/refresh/v1", () =>
            Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => (refresh.interrupted = true)))),
          )
        const layer = Layer.merge(
          Tradekit.layerWith({ chains: [TEST_CHAIN], retry: NO_RETRY }, api.layer),
          makeFakeWallet().layer,
        )
        const context = yield* Layer.buildWithScope(layer, scope)
        const error = failureOf(yield* Effect.exit(Effect.provide(buy({ items }), context)))
        expect(error).toBeInstanceOf(APIError)
        yield* settle
        expect(api.requestsTo("/tokens/refresh/v1")).toHaveLength(2)
        return refresh
      })

    it.effect("releasing the layer interrupts the refreshes in flight", () =>
      Effect.gen(function* () {
        const scope = yield* Scope.make()
        const refresh = yield* failedBuyIn(scope)
        expect(refresh.interrupted).toBe(false)
        yield* Scope.close(scope, Exit.void)
        expect(refresh.interrupted).toBe(true)
      }),
    )

    it.effect("a refresh that never answers is dropped after 10 seconds", () =>
      Effect.gen(function* () {
        const scope = yield* Scope.make()
        const refresh = yield* failedBuyIn(scope)
        yield* TestClock.adjust("9999 millis")
        expect(refresh.interrupted).toBe(false)
        yield* TestClock.adjust("1 millis")
        yield* settle
        expect(refresh.interrupted).toBe(true)
        yield* Scope.close(scope, Exit.void)
      }),
    )
  })
})
