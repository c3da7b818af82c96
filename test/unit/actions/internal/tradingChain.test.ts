import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { tradingChain } from "../../../../src/actions/internal/tradingChain.js"
import { BookConfigurationError } from "../../../../src/errors/index.js"
import { ClientConfig, resolveClientConfig } from "../../../../src/services/ClientConfig.js"
import { OrderBook, type OrderBookService } from "../../../../src/services/OrderBook.js"
import { makeFakeApi } from "../../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../../src/testing/testLayer.js"

const BASE = { id: 8453, name: "Base", baseApiUrl: "https://base.test" } as const
const NO_API = { id: 10, name: "Optimism", baseApiUrl: "" } as const
const options = { chains: [TEST_CHAIN, BASE, NO_API] }
const config = resolveClientConfig(options)
const layer = testLayer({ api: makeFakeApi(), wallet: makeFakeWallet(), options })

describe("tradingChain", () => {
  it.effect("trades on the active chain when no chain id is given", () =>
    Effect.gen(function* () {
      const chain = yield* tradingChain(config).pipe(Effect.provide(layer))
      expect(chain.id).toBe(TEST_CHAIN.id)
    }),
  )

  it.effect("trades on the chain the id names", () =>
    Effect.gen(function* () {
      const chain = yield* tradingChain(config, BASE.id).pipe(Effect.provide(layer))
      expect(chain.id).toBe(BASE.id)
      expect(chain.baseApiUrl).toBe(BASE.baseApiUrl)
    }),
  )

  it.effect("refuses a chain the client does not know, with the caller's message", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(tradingChain(config, 999, "no chain 999 here").pipe(Effect.provide(layer)))
      expect(error._tag).toBe("MissingChainConfigurationError")
      expect(error).toMatchObject({ chainId: 999, message: "no chain 999 here" })
    }),
  )

  it.effect("refuses a chain the book cannot serve as configured", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(tradingChain(config, NO_API.id).pipe(Effect.provide(layer)))
      expect(error._tag).toBe("MissingChainConfigurationError")
      expect(error).toMatchObject({ chainId: NO_API.id })
    }),
  )

  it.effect("passes on the book's BookConfigurationError", () =>
    Effect.gen(function* () {
      const refusal = BookConfigurationError.of({ book: "opensea", chainId: 1, add: "an OpenSea API key" })
      const book = {
        name: "opensea",
        actions: new Set(),
        forChain: () => Result.fail(refusal),
      } as unknown as OrderBookService
      const books = Layer.merge(Layer.succeed(OrderBook, book), ClientConfig.layer(options))
      const error = yield* Effect.flip(tradingChain(config).pipe(Effect.provide(books)))
      expect(error).toBe(refusal)
      expect(error.message).toContain("cannot trade on chain 1")
    }),
  )
})
