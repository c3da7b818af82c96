import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { zeroAddress } from "viem"
import { buy, type ExpectedPrices, sell } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"
const USDC = "0x3333333333333333333333333333333333333333"
const DAI = "0x5555555555555555555555555555555555555555"
const ETH = zeroAddress

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

const quote = (currency: string, decimals: number, raw: bigint) => ({
  currency,
  currencyDecimals: decimals,
  rawQuote: raw.toString(),
  quote: 0,
})

/** Runs a buy (or sell) whose path is `path` under `expectedPrice`; answers the exit and the wallet calls made. */
const trade = (action: "buy" | "sell", expectedPrice: ExpectedPrices, path: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet()
    const sale = {
      id: "sale",
      action: "Buy",
      description: "Buy",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from: wallet.address, to: EXCHANGE, data: "0xdeadbeef", value: "0" } }],
    }
    const api = makeFakeApi()
      .route("POST", `/execute/${action}/v7`, { body: { steps: [sale], path } })
      .route("GET", /synced/, { body: { synced: true } })
      .route("GET", "/transfers/bulk/v2", (request) => ({
        body: { transfers: request.query.txHash!.map((txHash) => ({ txHash })) },
      }))
    const parameters = { items: [{ token: `${NFT}:1` }], expectedPrice }
    const exit = yield* Effect.exit(
      (action === "buy" ? buy(parameters) : sell(parameters)).pipe(Effect.provide(testLayer({ api, wallet }))),
    )
    return { exit, calls: wallet.calls }
  })

describe("the price check checks every currency of the path", () => {
  const expected: ExpectedPrices = {
    [ETH]: { raw: 10n ** 18n },
    [USDC]: { raw: 12_500_000n },
    [DAI]: { raw: 10n ** 18n },
  }

  for (const [name, path] of [
    ["second", [quote(ETH, 18, 10n ** 18n), quote(USDC, 6, 25_000_000n)]],
    ["third", [quote(ETH, 18, 10n ** 18n), quote(USDC, 6, 12_500_000n), quote(DAI, 18, 2n * 10n ** 18n)]],
  ] as const) {
    it.effect(`a buy whose ${name} currency is priced too high is refused before anything is signed or sent`, () =>
      Effect.gen(function* () {
        const { exit, calls } = yield* trade("buy", expected, path)
        const priced = path.at(-1)!
        expect(failureOf(exit)).toMatchObject({
          _tag: "PriceMismatchError",
          currency: priced.currency,
          quoteRaw: priced.rawQuote,
        })
        expect(calls).toEqual([])
      }),
    )
  }

  it.effect("a sell whose second currency is offered too low is refused", () =>
    Effect.gen(function* () {
      const { exit, calls } = yield* trade("sell", expected, [quote(ETH, 18, 10n ** 18n), quote(USDC, 6, 6_000_000n)])
      expect(failureOf(exit)).toMatchObject({
        _tag: "PriceMismatchError",
        currency: USDC,
        message: "Attention: the offer price of this token is now 6",
      })
      expect(calls).toEqual([])
    }),
  )

  it.effect("every currency at its expected price goes through", () =>
    Effect.gen(function* () {
      const path = [quote(ETH, 18, 10n ** 18n), quote(USDC, 6, 12_500_000n), quote(DAI, 18, 10n ** 18n)]
      const { exit } = yield* trade("buy", expected, path)
      expect(exit._tag).toBe("Success")
    }),
  )

  it.effect("an expected currency the path does not pay in is a PriceMismatchError, whatever the others", () =>
    Effect.gen(function* () {
      const { exit, calls } = yield* trade("buy", expected, [quote(ETH, 18, 10n ** 18n), quote(USDC, 6, 12_500_000n)])
      const expectedRaw = (10n ** 18n).toString()
      expect(failureOf(exit)).toMatchObject({ _tag: "PriceMismatchError", currency: DAI, quoteRaw: "0", expectedRaw })
      expect(calls).toEqual([])
    }),
  )

  it.effect("a sell expecting USDC for a sale paying only ETH is refused, naming what it pays in", () =>
    Effect.gen(function* () {
      const usdc = { [USDC]: { amount: 12.5, currencyDecimals: 6 } }
      const { exit } = yield* trade("sell", usdc, [quote(ETH, 18, 10n ** 18n)])
      expect(failureOf(exit)).toMatchObject({
        _tag: "PriceMismatchError",
        currency: USDC,
        expectedRaw: "12500000",
        message: `Attention: the offer price is not in ${USDC}, the expected price's currency (it is in ${ETH})`,
      })
    }),
  )
})
