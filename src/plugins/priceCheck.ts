import * as Effect from "effect/Effect"
import { formatUnits, parseUnits } from "viem"
import { PRICE_CHECK } from "../capabilities/PriceChecker.js"
import { PRICE_TOLERANCE_DIVISOR } from "../chains/polling.js"
import { PluginRejectedError, PriceMismatchError } from "../errors/index.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { ExpectedPrice } from "./ExpectedPrice.js"
import { definePlugin, type PluginContext } from "./Plugin.js"

/** The quoted total of one currency over the path, net of the relayer's fee. */
interface Quote {
  readonly currency: string
  readonly raw: bigint
  readonly amount: number
  readonly decimals: number | undefined
}

const DEFAULT_DECIMALS = 18
const MAX_DECIMALS = 36
const AMOUNT_TOLERANCE = 0.00001

/**
 * `decimals` when they make sense (an integer from 0 to 36), else undefined: the API's answer cannot make the
 * math throw, nor widen the tolerance until any price passes.
 */
const validDecimals = (decimals: number | undefined): number | undefined =>
  decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS
    ? decimals
    : undefined

/** Sums the path per currency (buy-in values when the API gives them) and takes the relayer's fee off. */
export const quotesOf = (response: ExecuteResponse): ReadonlyArray<Quote> => {
  const quotes = new Map<string, Quote>()
  for (const entry of response.path ?? []) {
    const currency = entry.buyInCurrency ?? entry.currency
    if (currency === undefined) continue
    const key = currency.toLowerCase()
    const raw = BigInt(entry.buyInRawQuote ?? entry.rawQuote ?? 0)
    const amount = entry.buyInQuote ?? entry.quote ?? 0
    const previous = quotes.get(key)
    quotes.set(key, {
      currency,
      raw: (previous?.raw ?? 0n) + raw,
      amount: (previous?.amount ?? 0) + amount,
      decimals:
        previous?.decimals ?? validDecimals(entry.buyInCurrencyDecimals) ?? validDecimals(entry.currencyDecimals),
    })
  }
  const relayer = response.fees?.relayer
  const relayerCurrency = relayer?.currency?.contract.toLowerCase()
  const fee = relayerCurrency === undefined ? undefined : quotes.get(relayerCurrency)
  if (relayerCurrency !== undefined && fee !== undefined) {
    quotes.set(relayerCurrency, {
      ...fee,
      raw: fee.raw - BigInt(relayer?.amount?.raw ?? 0),
      amount: fee.amount - (relayer?.amount?.decimal ?? 0),
    })
  }
  return [...quotes.values()]
}

const expectationFor = (
  expected: Readonly<Record<string, ExpectedPrice>>,
  currency: string,
): ExpectedPrice | undefined =>
  Object.entries(expected).find(([key]) => key.toLowerCase() === currency.toLowerCase())?.[1]

/** The caller's raw expectation as a bigint; undefined when it is not an integer (`"1.5"`, `"abc"`). */
const rawOf = (raw: bigint | string): bigint | undefined => {
  try {
    return BigInt(raw)
  } catch {
    return undefined
  }
}

/** An amount in smallest units; undefined when it has no plain decimal form (`1e21` and beyond). */
const rawOfAmount = (amount: number, decimals: number): bigint | undefined => {
  try {
    return parseUnits(amount.toFixed(decimals), decimals)
  } catch {
    return undefined
  }
}

const unusable = (currency: string, why: string) =>
  new PluginRejectedError({
    plugin: PRICE_CHECK,
    message: `The expected price in ${currency} cannot be checked: ${why}`,
  })

/**
 * Compares one currency's quote with what the caller expects: a sell fails when it is lower by more than the
 * tolerance, a buy or mint when it is higher. The tolerance is 1/100000 of a currency unit, in integer math on
 * raw amounts; when only `amount` is expected, amounts are compared with the same tolerance. The currency's
 * decimals are the caller's (`expected.currencyDecimals`), else the API's, else 18; only integers from 0 to
 * 36 count. An expectation that cannot be compared (a `raw` that is not an integer, an `amount` that is not a
 * finite number) is refused with a PluginRejectedError: nothing is signed or sent unchecked.
 */
export const checkQuote = (
  quote: Quote,
  expected: ExpectedPrice,
  selling: boolean,
): PriceMismatchError | PluginRejectedError | undefined => {
  const decimals = validDecimals(expected.currencyDecimals) ?? validDecimals(quote.decimals) ?? DEFAULT_DECIMALS
  const fail = (price: string, expectedRaw: bigint) =>
    PriceMismatchError.of({
      currency: quote.currency,
      quoteRaw: quote.raw.toString(),
      expectedRaw: expectedRaw.toString(),
      price,
      selling,
    })
  if (expected.raw !== undefined) {
    const expectedRaw = rawOf(expected.raw)
    if (expectedRaw === undefined) return unusable(quote.currency, `raw ${String(expected.raw)} is not an integer`)
    const tolerance = 10n ** BigInt(decimals) / PRICE_TOLERANCE_DIVISOR
    const difference = quote.raw - expectedRaw
    const moved = selling ? difference < -tolerance : difference > tolerance
    return moved ? fail(formatUnits(quote.raw, decimals), expectedRaw) : undefined
  }
  if (expected.amount !== undefined) {
    if (!Number.isFinite(expected.amount))
      return unusable(quote.currency, `amount ${String(expected.amount)} is not a finite number`)
    const difference = Number((quote.amount - expected.amount).toFixed(6))
    const moved = selling ? difference < -AMOUNT_TOLERANCE : difference > AMOUNT_TOLERANCE
    if (!moved) return undefined
    const expectedRaw = rawOfAmount(expected.amount, decimals)
    return expectedRaw === undefined
      ? unusable(quote.currency, `amount ${expected.amount} has no plain decimal form`)
      : fail(String(quote.amount), expectedRaw)
  }
  return undefined
}

/**
 * An expectation in a currency the path does not pay in: the plan is priced in others, so the quote cannot be said
 * to match it (a buy expecting 5 USDC that pays 5 ETH). A PriceMismatchError with a quote of 0; an expectation
 * without a number (neither `raw` nor `amount`) expects nothing and is not one.
 */
export const checkUnpaid = (
  currency: string,
  expected: ExpectedPrice,
  quotes: ReadonlyArray<Quote>,
  selling: boolean,
): PriceMismatchError | PluginRejectedError | undefined => {
  if (expected.raw === undefined && expected.amount === undefined) return undefined
  const decimals = validDecimals(expected.currencyDecimals) ?? DEFAULT_DECIMALS
  const amount = expected.amount
  const fromAmount = amount !== undefined && Number.isFinite(amount) ? rawOfAmount(amount, decimals) : undefined
  const expectedRaw = expected.raw !== undefined ? rawOf(expected.raw) : fromAmount
  if (expectedRaw === undefined) return unusable(currency, `${String(expected.raw ?? amount)} is not a price`)
  const paid = quotes.map((quote) => quote.currency).join(", ") || "nothing"
  const price = selling ? "offer price" : "total price"
  return new PriceMismatchError({
    message: `Attention: the ${price} is not in ${currency}, the expected price's currency (it is in ${paid})`,
    currency,
    quoteRaw: "0",
    expectedRaw: expectedRaw.toString(),
  })
}

/**
 * The price check plugin (guard): with an `expectedPrice`, a buy, mint or sell whose quote moved past it fails
 * with a PriceMismatchError before anything is signed or sent (the executor records it on the first step).
 * Currencies the expectation does not name are not checked; an expectation in a currency the path does not pay in
 * fails (see checkUnpaid): a price in USDC never passes a plan paying ETH.
 */
export const priceCheckPlugin = definePlugin({
  name: PRICE_CHECK,
  guard: (response: ExecuteResponse, context: PluginContext) => {
    const expected = context.expectedPrice
    const selling = context.action === "sell"
    if (expected === undefined || (!selling && context.action !== "buy" && context.action !== "mint"))
      return Effect.void
    const quotes = quotesOf(response)
    for (const quote of quotes) {
      const expectation = expectationFor(expected, quote.currency)
      const error = expectation === undefined ? undefined : checkQuote(quote, expectation, selling)
      if (error !== undefined) return Effect.fail(error)
    }
    for (const [currency, expectation] of Object.entries(expected)) {
      if (quotes.some((quote) => quote.currency.toLowerCase() === currency.toLowerCase())) continue
      const error = checkUnpaid(currency, expectation, quotes, selling)
      if (error !== undefined) return Effect.fail(error)
    }
    return Effect.void
  },
})
