/**
 * What the caller expects to pay (buy, mint) or receive (sell) in one currency, as reservoir-sdk 2.0.x takes it.
 * `raw` (in the currency's smallest unit) is compared exactly, within the tolerance; without it, `amount` (in
 * the currency's units) is.
 */
export interface ExpectedPrice {
  readonly amount?: number | undefined
  readonly raw?: bigint | string | undefined
  readonly currencyAddress?: string | undefined
  readonly currencyDecimals?: number | undefined
}

/** Expected prices keyed by currency contract address (any letter case). */
export type ExpectedPrices = Readonly<Record<string, ExpectedPrice>>
