import * as Schema from "effect/Schema"
import { AmountString } from "./primitives.js"
import { Step } from "./Step.js"

/** One order of the route the API found, with its quote. */
export const PathEntry = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  contract: Schema.optional(Schema.String),
  tokenId: Schema.optional(Schema.String),
  quantity: Schema.optional(Schema.Number),
  source: Schema.optional(Schema.NullishOr(Schema.String)),
  currency: Schema.optional(Schema.String),
  currencySymbol: Schema.optional(Schema.String),
  currencyDecimals: Schema.optional(Schema.Number),
  quote: Schema.optional(Schema.Number),
  rawQuote: Schema.optional(AmountString),
  buyInCurrency: Schema.optional(Schema.String),
  buyInCurrencySymbol: Schema.optional(Schema.String),
  buyInCurrencyDecimals: Schema.optional(Schema.Number),
  buyInQuote: Schema.optional(Schema.Number),
  buyInRawQuote: Schema.optional(AmountString),
})
export type PathEntry = typeof PathEntry.Type

/** The relayer's fee on a cross-chain or relayed execution. */
export const RelayerFee = Schema.Struct({
  currency: Schema.optional(
    Schema.Struct({
      contract: Schema.String,
      decimals: Schema.optional(Schema.Number),
      symbol: Schema.optional(Schema.String),
    }),
  ),
  amount: Schema.optional(
    Schema.Struct({
      raw: Schema.optional(AmountString),
      decimal: Schema.optional(Schema.Number),
    }),
  ),
})
export type RelayerFee = typeof RelayerFee.Type

/** The fees of an execution. */
export const Fees = Schema.Struct({ relayer: Schema.optional(RelayerFee) })
export type Fees = typeof Fees.Type

/**
 * An item of the request the API will not carry out (an order gone, a token no longer listed), listed in the
 * answer's `errors` while it plans the rest — a buy with `partial: true`, say. `orderId` names the order when
 * the API knows it.
 */
export const ExecuteError = Schema.Struct({
  message: Schema.optional(Schema.String),
  orderId: Schema.optional(Schema.Union([Schema.String, Schema.Number])),
})
export type ExecuteError = typeof ExecuteError.Type

/**
 * The API's answer to an `/execute/*` request: the steps to carry out, the route and fees they imply, and
 * the items it left out (`errors`).
 */
export const ExecuteResponse = Schema.Struct({
  steps: Schema.Array(Step),
  path: Schema.optional(Schema.NullishOr(Schema.Array(PathEntry))),
  fees: Schema.optional(Fees),
  requestId: Schema.optional(Schema.String),
  errors: Schema.optional(Schema.Array(ExecuteError)),
  error: Schema.optional(Schema.Unknown),
})
export type ExecuteResponse = typeof ExecuteResponse.Type
