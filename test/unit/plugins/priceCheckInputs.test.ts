import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { zeroAddress } from "viem"
import { buy, type ExpectedPrice } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"
const ETH = zeroAddress

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** A buy quoted 1 ETH under `expected`; answers the exit and the wallet calls made. */
const buyExpecting = (expected: ExpectedPrice) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet()
    const sale = {
      id: "sale",
      action: "Buy",
      description: "Buy",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from: wallet.address, to: EXCHANGE, data: "0xdeadbeef", value: "0" } }],
    }
    const path = [{ currency: ETH, currencyDecimals: 18, rawQuote: (10n ** 18n).toString(), quote: 1 }]
    const api = makeFakeApi()
      .route("POST", "/execute/buy/v7", { body: { steps: [sale], path } })
      .route("GET", /synced/, { body: { synced: true } })
      .route("GET", "/transfers/bulk/v2", (request) => ({
        body: { transfers: request.query.txHash!.map((txHash) => ({ txHash })) },
      }))
    const exit = yield* Effect.exit(
      buy({ items: [{ token: `${NFT}:1` }], expectedPrice: { [ETH]: expected } }).pipe(
        Effect.provide(testLayer({ api, wallet })),
      ),
    )
    return { exit, calls: wallet.calls }
  })

describe("the price check refuses an expectation it cannot compare, typed", () => {
  for (const [name, expected] of [
    ['raw "1.5"', { raw: "1.5" }],
    ['raw "abc"', { raw: "abc" }],
    ["amount NaN", { amount: Number.NaN }],
    ["amount Infinity", { amount: Number.POSITIVE_INFINITY }],
  ] as const) {
    it.effect(`${name}: a PluginRejectedError from the price check, nothing signed or sent`, () =>
      Effect.gen(function* () {
        const { exit, calls } = yield* buyExpecting(expected)
        const error = failureOf(exit)
        expect(error).toMatchObject({ _tag: "PluginRejectedError", plugin: "price-check" })
        expect(error.message).toMatch(/^The expected price in 0x0{40} cannot be checked: /)
        expect(calls).toEqual([])
      }),
    )
  }

  it.effect("an amount too large for a plain decimal form still checks a cheaper buy (it passes)", () =>
    Effect.gen(function* () {
      expect((yield* buyExpecting({ amount: 1e21 })).exit._tag).toBe("Success")
    }),
  )
})
