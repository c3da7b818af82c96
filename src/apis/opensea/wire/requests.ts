import * as Schema from "effect/Schema"

/**
 * The requests the actions hand the OpenSea book (the Reservoir protocol's execute bodies, built by tradekit's
 * actions from the caller's parameters), as the book reads them. Fields the book does not use are kept and ignored.
 */

const Amount = Schema.Union([Schema.String, Schema.Number])
const Fees = Schema.optional(Schema.Array(Schema.String))
/** What every request may carry that OpenSea cannot honour: a `source`, checked by the book. */
const Attribution = { source: Schema.optional(Schema.String) }
/** What every order to make may carry: another book, fees, royalties. */
const OrderOptions = {
  orderbook: Schema.optional(Schema.NullOr(Schema.String)),
  marketplaceFees: Fees,
  fees: Fees,
  currency: Schema.optional(Schema.String),
  quantity: Schema.optional(Amount),
  expirationTime: Schema.optional(Schema.NullOr(Amount)),
}

/** What a fill may carry, read so that the book honours or refuses each (never drops one). */
const FillOptions = {
  feesOnTop: Fees,
  partial: Schema.optional(Schema.Boolean),
}

/** `buy`: the taker and the listings, each by `orderId` or by `token` (its best listing), and the buy's options. */
export const BuyRequest = Schema.Struct({
  ...Attribution,
  ...FillOptions,
  taker: Schema.String,
  currency: Schema.optional(Schema.String),
  /** The chain the buy is paid on, when not the listing's (a cross-chain purchase). */
  currencyChainId: Schema.optional(Schema.Number),
  items: Schema.Array(
    Schema.Struct({
      orderId: Schema.optional(Schema.String),
      token: Schema.optional(Schema.String),
      quantity: Schema.optional(Amount),
    }),
  ),
})
export type BuyRequest = typeof BuyRequest.Type

/** `sell`: the taker and the tokens sold, each into its `orderId` or the token's best offer, and the sale's options. */
export const SellRequest = Schema.Struct({
  ...Attribution,
  ...FillOptions,
  taker: Schema.String,
  items: Schema.Array(
    Schema.Struct({ token: Schema.String, orderId: Schema.optional(Schema.String), quantity: Schema.optional(Amount) }),
  ),
})
export type SellRequest = typeof SellRequest.Type

/** `list`: the maker and one listing per token. */
export const ListRequest = Schema.Struct({
  ...Attribution,
  maker: Schema.String,
  params: Schema.Array(Schema.Struct({ ...OrderOptions, token: Schema.String, weiPrice: Amount })),
})
export type ListRequest = typeof ListRequest.Type

/** `bid`: the maker and one offer per token, collection or trait. */
export const BidRequest = Schema.Struct({
  ...Attribution,
  maker: Schema.String,
  params: Schema.Array(
    Schema.Struct({
      ...OrderOptions,
      weiPrice: Amount,
      token: Schema.optional(Schema.String),
      collection: Schema.optional(Schema.String),
      attributeKey: Schema.optional(Schema.String),
      attributeValue: Schema.optional(Schema.String),
      /** OpenSea's numeric-trait ranges: `[{ type, min?, max? }]`. */
      numericTraits: Schema.optional(
        Schema.Array(
          Schema.Struct({
            type: Schema.String,
            min: Schema.optional(Schema.Number),
            max: Schema.optional(Schema.Number),
          }),
        ),
      ),
      tokenSetId: Schema.optional(Schema.String),
    }),
  ),
})
export type BidRequest = typeof BidRequest.Type

/** `cancel`: the orders by hash, off chain when asked. */
export const CancelRequest = Schema.Struct({
  orderIds: Schema.Array(Schema.String),
  offChain: Schema.optional(Schema.Boolean),
})
export type CancelRequest = typeof CancelRequest.Type

/** `mint`: the minter and what to mint, each item a collection (a drop's contract) with a quantity. */
export const MintRequest = Schema.Struct({
  ...Attribution,
  taker: Schema.String,
  referrer: Schema.optional(Schema.String),
  currency: Schema.optional(Schema.String),
  currencyChainId: Schema.optional(Schema.Number),
  items: Schema.Array(
    Schema.Struct({
      collection: Schema.optional(Schema.String),
      token: Schema.optional(Schema.String),
      quantity: Schema.optional(Amount),
    }),
  ),
})
export type MintRequest = typeof MintRequest.Type
