import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { buy } from "../../../src/actions/buy.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { PriceMismatchError } from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { ExpectedPrices } from "../../../src/plugins/ExpectedPrice.js"
import { failureOf, setupActions } from "../actions/actionFixtures.js"
import { NFT, OTHER, step, TOKEN, txItem } from "../fixtures.js"

const ETH = zeroAddress
const ONE = 10n ** 18n
const TOLERANCE = ONE / 100000n

type PathEntry = Record<string, unknown>

/** Runs `action` against an answer with `path` (and `fees`); returns the exit, the wallet and the snapshots. */
const check = (
  action: "buy" | "sell" | "mint",
  expectedPrice: ExpectedPrices,
  path: ReadonlyArray<PathEntry>,
  fees?: unknown,
) =>
  Effect.gen(function* () {
    const { api, wallet, run } = setupActions()
    const endpoint = action === "mint" ? "/execute/mint/v1" : `/execute/${action}/v7`
    api
      .route("POST", endpoint, {
        body: { steps: [step("sale", "transaction", [txItem(wallet.address)])], path, ...(fees ? { fees } : {}) },
      })
      .route("GET", /synced/, { body: { synced: true } })
      .route("GET", "/transfers/bulk/v2", (req) => ({
        body: { transfers: req.query.txHash!.map((txHash) => ({ txHash })) },
      }))
    const snapshots: Array<ExecutionSnapshot> = []
    const parameters = {
      items: [{ token: `${NFT}:1` }],
      expectedPrice,
      onProgress: (s: ExecutionSnapshot) => Effect.sync(() => snapshots.push(s)),
    }
    const effect = action === "buy" ? buy(parameters) : action === "sell" ? sell(parameters) : mint(parameters)
    const exit = yield* Effect.exit(run(effect))
    return { exit, wallet, snapshots, api }
  })

const eth = (raw: bigint, extra: PathEntry = {}) => ({
  currency: ETH,
  currencyDecimals: 18,
  rawQuote: raw.toString(),
  quote: Number(raw) / 1e18,
  ...extra,
})

describe("price check plugin", () => {
  it.effect("a buy quoted above the expectation by more than the tolerance fails before anything is signed", () =>
    Effect.gen(function* () {
      const { exit, wallet, snapshots, api } = yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE + TOLERANCE + 1n)])
      const error = failureOf(exit)
      expect(error).toBeInstanceOf(PriceMismatchError)
      expect(error.message).toBe("Attention: the total price is now 1.000010000000000001")
      expect(wallet.calls).toEqual([])
      expect(api.requests.map((r) => r.path)).toEqual(["/execute/buy/v7"])
      const last = snapshots.at(-1)!
      expect(last.steps[0]!.error).toBe(error.message)
      expect(last.steps[0]!.errorData).toEqual({ type: "price mismatch", message: error.message })
    }),
  )

  it.effect("a buy exactly at the tolerance passes", () =>
    Effect.gen(function* () {
      const { exit, wallet } = yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE + TOLERANCE)])
      expect(exit._tag).toBe("Success")
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("a buy cheaper than expected passes", () =>
    Effect.gen(function* () {
      const { exit } = yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE / 2n)])
      expect(exit._tag).toBe("Success")
    }),
  )

  it.effect("a mint is checked like a buy", () =>
    Effect.gen(function* () {
      const { exit, wallet } = yield* check("mint", { [ETH]: { raw: ONE } }, [eth(ONE * 2n)])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 2")
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a sell offered below the expectation by more than the tolerance fails", () =>
    Effect.gen(function* () {
      const { exit, wallet } = yield* check("sell", { [ETH]: { raw: ONE } }, [eth(ONE - TOLERANCE - 1n)])
      expect(failureOf(exit).message).toBe("Attention: the offer price of this token is now 0.999989999999999999")
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a sell exactly at the tolerance, or higher than expected, passes", () =>
    Effect.gen(function* () {
      expect((yield* check("sell", { [ETH]: { raw: ONE } }, [eth(ONE - TOLERANCE)])).exit._tag).toBe("Success")
      expect((yield* check("sell", { [ETH]: { raw: ONE } }, [eth(ONE * 3n)])).exit._tag).toBe("Success")
    }),
  )

  it.effect("the path is summed per currency", () =>
    Effect.gen(function* () {
      const { exit } = yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE / 2n), eth(ONE / 2n + TOLERANCE + 1n)])
      expect(failureOf(exit)).toBeInstanceOf(PriceMismatchError)
      expect((yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE / 2n), eth(ONE / 2n)])).exit._tag).toBe("Success")
    }),
  )

  it.effect("buy-in values are used when the path has them", () =>
    Effect.gen(function* () {
      const buyIn = { buyInCurrency: TOKEN, buyInCurrencyDecimals: 6, buyInRawQuote: "2500000", buyInQuote: 2.5 }
      const { exit } = yield* check("buy", { [TOKEN]: { raw: 2_000_000n } }, [eth(ONE, buyIn)])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 2.5")
      expect((yield* check("buy", { [TOKEN]: { raw: 2_500_000n } }, [eth(ONE * 100n, buyIn)])).exit._tag).toBe(
        "Success",
      )
    }),
  )

  it.effect("the relayer fee is taken off the quote of its currency", () =>
    Effect.gen(function* () {
      const fees = { relayer: { currency: { contract: ETH }, amount: { raw: (ONE / 10n).toString(), decimal: 0.1 } } }
      expect((yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE + ONE / 10n)], fees)).exit._tag).toBe("Success")
      expect((yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE + ONE / 10n)])).exit._tag).toBe("Failure")
    }),
  )

  it.effect("a 6-decimal currency uses a tolerance of 10 raw units", () =>
    Effect.gen(function* () {
      const usdc = (raw: bigint) => ({
        currency: TOKEN,
        currencyDecimals: 6,
        rawQuote: raw.toString(),
        quote: Number(raw) / 1e6,
      })
      expect((yield* check("buy", { [TOKEN]: { raw: 12_500_000n } }, [usdc(12_500_010n)])).exit._tag).toBe("Success")
      const { exit } = yield* check("buy", { [TOKEN]: { raw: 12_500_000n } }, [usdc(12_500_011n)])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 12.500011")
    }),
  )

  it.effect("currencies missing from the expectation are skipped; keys match in any letter case", () =>
    Effect.gen(function* () {
      const other = { currency: OTHER, currencyDecimals: 18, rawQuote: (ONE * 50n).toString() }
      expect((yield* check("buy", { [ETH]: { raw: ONE } }, [eth(ONE), other])).exit._tag).toBe("Success")
      const { exit } = yield* check("buy", { [OTHER.toUpperCase().replace("0X", "0x")]: { raw: ONE } }, [other])
      expect(failureOf(exit)).toBeInstanceOf(PriceMismatchError)
    }),
  )

  it.effect("with only an amount, amounts are compared with a 0.00001 tolerance", () =>
    Effect.gen(function* () {
      expect((yield* check("buy", { [ETH]: { amount: 1 } }, [{ currency: ETH, quote: 1.00001 }])).exit._tag).toBe(
        "Success",
      )
      const { exit } = yield* check("buy", { [ETH]: { amount: 1 } }, [{ currency: ETH, quote: 1.00002 }])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 1.00002")
      const sold = yield* check("sell", { [ETH]: { amount: 1 } }, [{ currency: ETH, quote: 0.99998 }])
      expect(failureOf(sold.exit).message).toBe("Attention: the offer price of this token is now 0.99998")
    }),
  )

  it.effect("the API's decimals are ignored when they are not an integer from 0 to 36 (18 then)", () =>
    Effect.gen(function* () {
      for (const currencyDecimals of [-1, 1.5, 37, 40]) {
        const { exit, wallet } = yield* check("buy", { [ETH]: { raw: ONE } }, [
          eth(ONE + TOLERANCE + 1n, { currencyDecimals }),
        ])
        expect(failureOf(exit)).toBeInstanceOf(PriceMismatchError)
        expect(failureOf(exit).message).toBe("Attention: the total price is now 1.000010000000000001")
        expect(wallet.calls).toEqual([])
      }
      const amountOnly = yield* check("buy", { [ETH]: { amount: 1 } }, [
        { currency: ETH, currencyDecimals: -1, quote: 1.00002 },
      ])
      expect(failureOf(amountOnly.exit).message).toBe("Attention: the total price is now 1.00002")
    }),
  )

  it.effect("decimals of 40 from the API cannot widen the tolerance: a 1000x price fails", () =>
    Effect.gen(function* () {
      const { exit, wallet } = yield* check("buy", { [ETH]: { raw: ONE } }, [
        eth(ONE * 1000n, { currencyDecimals: 40 }),
      ])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 1000")
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("the caller's currencyDecimals are preferred over the API's", () =>
    Effect.gen(function* () {
      const usdc = { currency: TOKEN, currencyDecimals: 18, rawQuote: "12500011", quote: 12.500011 }
      const { exit } = yield* check("buy", { [TOKEN]: { raw: 12_500_000n, currencyDecimals: 6 } }, [usdc])
      expect(failureOf(exit).message).toBe("Attention: the total price is now 12.500011")
    }),
  )

  it.effect("without an expected price nothing is checked", () =>
    Effect.gen(function* () {
      expect((yield* check("buy", {}, [eth(ONE * 1000n)])).exit._tag).toBe("Success")
    }),
  )
})
