// The test-kit example of the README: test your own program with the fake API, the fake wallet and
// the TestClock. (In an app: import from "tradekit" and "tradekit/testing".)
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { buy } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const nft = "0x1111111111111111111111111111111111111111"
const exchange = "0x2222222222222222222222222222222222222222"

describe("my app's checkout", () => {
  it.effect("buys once the API confirms the transaction", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
      const wallet = makeFakeWallet()
      api
        .route("POST", "/execute/buy/v7", {
          body: {
            steps: [
              {
                id: "sale",
                kind: "transaction",
                items: [{ status: "incomplete", data: { from: wallet.address, to: exchange, value: "1000" } }],
              },
            ],
          },
        })
        // Not synced on the first look, synced on the second.
        .route("GET", /\/synced\/v1$/, [{ body: { synced: false } }, { body: { synced: true } }])
        .route("GET", "/transfers/bulk/v2", (req) => ({
          body: { transfers: req.query.txHash!.map((txHash) => ({ txHash })) },
        }))

      const checkout = buy({ items: [{ token: `${nft}:42` }] }).pipe(Effect.provide(testLayer({ api, wallet })))
      const fiber = yield* Effect.forkChild(checkout)
      yield* TestClock.adjust("2 seconds") // Ethereum's polling interval: no real waiting
      expect(yield* Fiber.join(fiber)).toBe(true)
      expect(wallet.sent).toHaveLength(1)
      expect(api.requestsTo(/\/synced\/v1$/)).toHaveLength(2)
    }),
  )
})
