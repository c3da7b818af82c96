import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { TradekitBook } from "../../src/apis/TradekitBook.js"
import { ClientConfig } from "../../src/services/ClientConfig.js"
import { OrderBook } from "../../src/services/OrderBook.js"
import { Tradekit } from "../../src/Tradekit.js"
import { makeFakeApi } from "../../src/testing/FakeApi.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { makeRecordingBook } from "../support/recordingBook.js"

/** A book option that provides the recording book, and counts how often the client built it. */
const recordingOption = (): TradekitBook & { built: number } => {
  const option = {
    name: "recording",
    built: 0,
    layer: () => {
      option.built++
      return makeRecordingBook().layer
    },
  }
  return option
}

const bookNameOf = (layer: Layer.Layer<OrderBook>) =>
  Effect.map(Effect.provide(OrderBook.use(Effect.succeed), layer), (book) => book.name)

describe("Tradekit.layerWith", () => {
  it.effect("provides the Reservoir protocol's book when no book is named", () =>
    Effect.gen(function* () {
      const layer = Tradekit.layerWith({ chains: [TEST_CHAIN] }, makeFakeApi().layer)
      expect(yield* bookNameOf(layer)).toBe("reservoir")
    }),
  )

  it.effect("provides the book the `book` option names, built over the client's transport", () =>
    Effect.gen(function* () {
      const book = recordingOption()
      expect(yield* bookNameOf(Tradekit.layerWith({ chains: [TEST_CHAIN], book }, makeFakeApi().layer))).toBe(
        "recording",
      )
      expect(book.built).toBe(1)
    }),
  )

  it.effect("takes the former `api` option when `book` is absent, and `book` when both are given", () =>
    Effect.gen(function* () {
      const api = recordingOption()
      expect(yield* bookNameOf(Tradekit.layerWith({ chains: [TEST_CHAIN], api }, makeFakeApi().layer))).toBe(
        "recording",
      )
      const book = recordingOption()
      const other = recordingOption()
      yield* bookNameOf(Tradekit.layerWith({ chains: [TEST_CHAIN], book, api: other }, makeFakeApi().layer))
      expect([book.built, other.built]).toEqual([1, 0])
    }),
  )

  it.effect("resolves the client's configuration from the options, the book's option left out of it", () =>
    Effect.gen(function* () {
      const layer = Tradekit.layerWith(
        { chains: [TEST_CHAIN], source: "my.app", book: recordingOption() },
        makeFakeApi().layer,
      )
      const config = yield* Effect.provide(ClientConfig.use(Effect.succeed), layer)
      expect(config.settings.source).toBe("my.app")
      expect(config).not.toHaveProperty("book")
      expect(config.chains.map((chain) => chain.id)).toEqual([TEST_CHAIN.id])
    }),
  )
})
