import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { openSea } from "../../../../src/apis/opensea/openSea.js"
import { ClientConfig } from "../../../../src/services/ClientConfig.js"
import { OrderBook } from "../../../../src/services/OrderBook.js"
import { makeFakeApi } from "../../../../src/testing/FakeApi.js"
import { TEST_CHAIN } from "../../../../src/testing/testLayer.js"

describe("openSea", () => {
  it("is the book named opensea", () => {
    expect(openSea().name).toBe("opensea")
  })

  it.effect("builds the OpenSea book over the client's transport: it plans all but cross-chain calls", () =>
    Effect.gen(function* () {
      const layer = openSea({ apiBaseUrl: "https://os.test" })
        .layer(makeFakeApi().layer)
        .pipe(Layer.provide(ClientConfig.layer({ chains: [TEST_CHAIN] })))
      const book = yield* Effect.provide(OrderBook.use(Effect.succeed), layer)
      expect(book.name).toBe("opensea")
      expect([...book.actions].sort()).toEqual(["bid", "buy", "cancel", "list", "mint", "sell", "transfer"])
    }),
  )
})
