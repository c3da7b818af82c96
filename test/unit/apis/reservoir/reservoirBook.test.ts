import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { ActionName } from "../../../../src/schema/ActionName.js"
import type { Step } from "../../../../src/schema/Step.js"
import { OrderBook } from "../../../../src/services/OrderBook.js"
import { type FakeApi, makeFakeApi } from "../../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../../src/testing/testLayer.js"

const hash = `0x${"ab".repeat(32)}` as const
const NO_API = { id: 10, name: "Optimism", baseApiUrl: "" } as const

/** The Reservoir book on the test chain, over `api`. */
const onTestChain = (api: FakeApi) =>
  Effect.gen(function* () {
    const book = yield* OrderBook
    return yield* Effect.fromResult(book.forChain({ ...TEST_CHAIN }))
  }).pipe(Effect.provide(testLayer({ api, wallet: makeFakeWallet() })))

describe("reservoirBook", () => {
  it.effect("serves every action", () =>
    Effect.gen(function* () {
      const book = yield* OrderBook.pipe(Effect.provide(testLayer({ api: makeFakeApi(), wallet: makeFakeWallet() })))
      expect(book.name).toBe("reservoir")
      expect([...book.actions].sort()).toEqual([...ActionName.literals].sort())
    }),
  )

  it.effect("refuses a chain without an API, saying how to point it at one", () =>
    Effect.gen(function* () {
      const book = yield* OrderBook.pipe(Effect.provide(testLayer({ api: makeFakeApi(), wallet: makeFakeWallet() })))
      const result = book.forChain(NO_API as never)
      expect(Result.isFailure(result)).toBe(true)
      if (Result.isFailure(result)) {
        expect(result.failure._tag).toBe("MissingChainConfigurationError")
        expect(result.failure.message).toContain("Optimism (10)")
        expect(result.failure.message).toContain("baseApiUrl")
      }
    }),
  )

  it.effect("checks a transaction on its check endpoint, with the hash as the body's id when it has none", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/check", { body: { status: "success", txHashes: [hash] } })
      const chain = yield* onTestChain(api)
      yield* chain.transactionStatus!(hash, { endpoint: "/check", body: { kind: "tx" } })
      yield* chain.transactionStatus!(hash, { endpoint: "/check", body: { id: "mine" } })
      yield* chain.transactionStatus!(hash, { endpoint: "/check" })
      expect(api.requestsTo("/check").map((request) => request.body)).toEqual([
        { kind: "tx", id: hash },
        { id: "mine" },
        { id: hash },
      ])
    }),
  )

  it.effect("asks the synced route of a transaction without a check", () =>
    Effect.gen(function* () {
      const path = `/transactions/${hash}/synced/v1`
      const api = makeFakeApi().route("GET", path, { body: { synced: true } })
      const chain = yield* onTestChain(api)
      yield* chain.transactionStatus!(hash, undefined)
      expect(api.requestsTo(path)).toHaveLength(1)
    }),
  )

  it.effect("awaits transfers only for the filling steps of buys, sells and mints", () =>
    Effect.gen(function* () {
      const chain = yield* onTestChain(makeFakeApi())
      const step = (id: string) => ({ id, kind: "transaction" }) as Step
      expect(chain.awaitsTransfers!("buy", step("sale"))).toBe(true)
      expect(chain.awaitsTransfers!("mint", step("order-signature"))).toBe(true)
      expect(chain.awaitsTransfers!("buy", step("currency-approval"))).toBe(false)
      expect(chain.awaitsTransfers!("list", step("sale"))).toBe(false)
    }),
  )

  it.effect("reports a result without an empty error message", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/results/v1", { body: {} })
      const chain = yield* onTestChain(api)
      yield* chain.report!({ requestId: "r-1", txHash: hash, stepId: "sale", errorMessage: "" })
      expect(api.requestsTo("/execute/results/v1")[0]?.body).toEqual({ requestId: "r-1", txHash: hash, stepId: "sale" })
    }),
  )
})
