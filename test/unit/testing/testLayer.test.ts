/**
 * The test kit's layer: one test chain served by the fake API, the Reservoir book over it, the fake wallet, and no
 * retry of a failed request unless the test asks for one, so a scripted 5xx fails at once instead of waiting.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { OrderBook } from "../../../src/services/OrderBook.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"

const OTHER_CHAIN = { id: 8453, name: "Base", baseApiUrl: "https://base.api.test" }

/** Asks the API of `baseApiUrl` for `/tokens/refresh/v1` through the layer's ApiClient. */
const refresh = (baseApiUrl: string) =>
  Effect.gen(function* () {
    const api = yield* ApiClient
    return yield* api.forChain(baseApiUrl).request({ path: "/tokens/refresh/v1", method: "POST", body: { token: "x" } })
  })

describe("TEST_CHAIN", () => {
  it("is an active Ethereum chain served by the fake API's host", () => {
    expect(TEST_CHAIN).toEqual({ id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true })
  })
})

describe("testLayer", () => {
  it.effect("configures the test chain alone, with no retry", () =>
    Effect.gen(function* () {
      const config = yield* ClientConfig
      expect(config.chains).toEqual([TEST_CHAIN])
      expect(config.settings.retry).toEqual(NO_RETRY)
    }).pipe(Effect.provide(testLayer({ api: makeFakeApi(), wallet: makeFakeWallet() }))),
  )

  it.effect("takes the test's chains and settings over its own", () =>
    Effect.gen(function* () {
      const config = yield* ClientConfig
      expect(config.chains).toEqual([OTHER_CHAIN])
      expect(config.settings.retry).toEqual({ times: 2, baseDelay: 0, maxDelay: 0 })
    }).pipe(
      Effect.provide(
        testLayer({
          api: makeFakeApi(),
          wallet: makeFakeWallet(),
          options: { chains: [OTHER_CHAIN], retry: { times: 2, baseDelay: 0, maxDelay: 0 } },
        }),
      ),
    ),
  )

  it.effect("sends the API client's requests to the fake API", () => {
    const api = makeFakeApi().route("POST", "/tokens/refresh/v1", { body: { ok: true } })
    return Effect.gen(function* () {
      const response = yield* refresh(TEST_CHAIN.baseApiUrl)
      expect(response).toMatchObject({ status: 200, body: { ok: true } })
      expect(api.requests.map((request) => [request.url.host, request.path, request.body])).toEqual([
        ["api.test", "/tokens/refresh/v1", { token: "x" }],
      ])
    }).pipe(Effect.provide(testLayer({ api, wallet: makeFakeWallet() })))
  })

  it.effect("fails a scripted 5xx at once, and retries it when the test asks", () => {
    const failing = () => makeFakeApi().route("POST", "/tokens/refresh/v1", { status: 503, body: { message: "down" } })
    const once = failing()
    const thrice = failing()
    return Effect.gen(function* () {
      yield* Effect.flip(
        refresh(TEST_CHAIN.baseApiUrl).pipe(Effect.provide(testLayer({ api: once, wallet: makeFakeWallet() }))),
      )
      expect(once.requests).toHaveLength(1)
      const options = { retry: { times: 2, baseDelay: 0, maxDelay: 0 } }
      yield* Effect.flip(
        refresh(TEST_CHAIN.baseApiUrl).pipe(
          Effect.provide(testLayer({ api: thrice, wallet: makeFakeWallet(), options })),
        ),
      )
      expect(thrice.requests).toHaveLength(3)
    })
  })

  it.effect("trades on the Reservoir book, with the fake wallet's account", () => {
    const wallet = makeFakeWallet()
    return Effect.gen(function* () {
      expect((yield* OrderBook).name).toBe("reservoir")
      expect(yield* (yield* Wallet).address).toBe(wallet.address)
    }).pipe(Effect.provide(testLayer({ api: makeFakeApi(), wallet })))
  })
})
