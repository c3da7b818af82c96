import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { ApiClient } from "../../../../src/apis/reservoir/ApiClient.js"
import { fetchPlan } from "../../../../src/apis/reservoir/fetchPlan.js"
import type { TradeRequest } from "../../../../src/schema/TradeRequest.js"
import { type FakeApi, makeFakeApi } from "../../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../../src/testing/testLayer.js"

const taker = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const request: TradeRequest = { action: "buy", params: { items: [{ token: "0xabc:1" }], taker } }
const step = { id: "sale", kind: "transaction", items: [{ status: "incomplete" }] }

/** Fetches `request`'s plan from the fake API, with `options`. */
const fetchFrom = (api: FakeApi, options?: Parameters<typeof fetchPlan>[2]) =>
  ApiClient.use((client) => fetchPlan(client.forChain(TEST_CHAIN.baseApiUrl), request, options)).pipe(
    Effect.provide(testLayer({ api, wallet: makeFakeWallet() })),
  )

describe("fetchPlan", () => {
  it.effect("posts the parameters to the action's route and decodes the steps", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { steps: [step], requestId: "r-1" } })
      const plan = yield* fetchFrom(api, { signature: Option.some("0xsig") })
      expect(plan).toMatchObject({ steps: [step], requestId: "r-1" })
      const [sent] = api.requestsTo("/execute/buy/v7")
      expect(sent?.body).toEqual(request.params)
      expect(sent?.query).toEqual({ signature: ["0xsig"] })
    }),
  )

  it.effect("drops a network fee the API put on an item", () =>
    Effect.gen(function* () {
      const networkFee = { gas: "1", maxFeePerGas: "1", fee: "1" }
      const withFee = { ...step, items: [{ status: "incomplete", networkFee }] }
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { steps: [withFee] } })
      const plan = yield* fetchFrom(api)
      expect(plan.steps[0]?.items?.[0]).toEqual({ status: "incomplete" })
    }),
  )

  it.effect("fails with an APIError when the body carries an error", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { error: "No available orders" } })
      const error = yield* Effect.flip(fetchFrom(api))
      expect(error._tag).toBe("APIError")
      expect(error).toMatchObject({ statusCode: 200, endpoint: "/execute/buy/v7" })
      expect(error.message).toContain("No available orders")
    }),
  )

  it.effect("fails with a MalformedResponseError when the steps do not decode", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { steps: [{ kind: "wire" }] } })
      const error = yield* Effect.flip(fetchFrom(api))
      expect(error._tag).toBe("MalformedResponseError")
      expect(api.requests).toHaveLength(1)
    }),
  )

  it.effect("retries a malformed answer under the given policy, then takes the good one", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", [{ body: { steps: "none" } }, { body: { steps: [] } }])
      const fiber = yield* Effect.forkChild(
        fetchFrom(api, { retry: { times: 2, baseDelay: "1 second", maxDelay: "1 second" } }),
      )
      yield* TestClock.adjust("10 seconds")
      const plan = yield* Fiber.join(fiber)
      expect(plan.steps).toEqual([])
      expect(api.requests).toHaveLength(2)
    }),
  )

  it.effect("comes out as the MalformedResponseError once the retries are spent", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { steps: "none" } })
      const fiber = yield* Effect.forkChild(
        fetchFrom(api, { retry: { times: 1, baseDelay: "1 second", maxDelay: "1 second" } }),
      )
      yield* TestClock.adjust("10 seconds")
      const error = yield* Effect.flip(Fiber.join(fiber))
      expect(error._tag).toBe("MalformedResponseError")
      expect(api.requests).toHaveLength(2)
    }),
  )
})
