import * as Schema from "effect/Schema"

/**
 * OpenSea's API v2 answers as tradekit reads them (its published OpenAPI spec; the fields tradekit uses, the rest
 * kept as they came). Numbers are decimal strings or JSON numbers (exact above 2^53: see `exactIntegers`); the
 * plans read them as bigints where they use them, and prove every order they use against its hash.
 */

/** A uint as OpenSea writes it: a decimal string, or a JSON number. */
const Uint = Schema.Union([Schema.String, Schema.Number])

/** A Seaport item as OpenSea writes it. */
const Item = Schema.Struct({
  itemType: Uint,
  token: Schema.String,
  identifierOrCriteria: Uint,
  startAmount: Uint,
  endAmount: Uint,
})

/** A Seaport order's parameters as OpenSea writes them (`protocol_data.parameters`). */
export const OrderParametersAnswer = Schema.Struct({
  offerer: Schema.String,
  zone: Schema.String,
  offer: Schema.Array(Item),
  consideration: Schema.Array(Schema.Struct({ ...Item.fields, recipient: Schema.String })),
  orderType: Uint,
  startTime: Uint,
  endTime: Uint,
  zoneHash: Schema.String,
  salt: Uint,
  conduitKey: Schema.String,
  counter: Schema.optional(Uint),
  totalOriginalConsiderationItems: Schema.optional(Uint),
})
export type OrderParametersAnswer = typeof OrderParametersAnswer.Type

/** A trait as OpenSea's criteria name it. */
const TraitAnswer = Schema.Struct({ type: Schema.String, value: Schema.String })

/** A numeric trait as OpenSea's criteria name it (`NumericTraitData`): a type and a range, either bound open. */
const NumericTraitAnswer = Schema.Struct({
  type: Schema.String,
  min: Schema.optional(Schema.NullOr(Schema.Number)),
  max: Schema.optional(Schema.NullOr(Schema.Number)),
})

/**
 * A criteria offer's criteria: its traits (the spec's `traits`, or the older single `trait`) and its numeric
 * traits (`numeric_traits`).
 */
const CriteriaAnswer = Schema.Struct({
  traits: Schema.optional(Schema.NullOr(Schema.Array(TraitAnswer))),
  trait: Schema.optional(Schema.NullOr(TraitAnswer)),
  numeric_traits: Schema.optional(Schema.NullOr(Schema.Array(NumericTraitAnswer))),
})

/** A listing or an offer (the spec's `Listing`, `Offer`): read routes carry no signature. */
export const OrderAnswer = Schema.Struct({
  order_hash: Schema.String,
  protocol_address: Schema.String,
  protocol_data: Schema.Struct({ parameters: OrderParametersAnswer }),
  /** `ACTIVE` while OpenSea sells it. */
  status: Schema.optional(Schema.String),
  /** A criteria offer's criteria: its traits (the spec's `traits`, or the older single `trait`). */
  criteria: Schema.optional(Schema.NullOr(CriteriaAnswer)),
})
export type OrderAnswer = typeof OrderAnswer.Type

/** `GET /api/v2/orders/chain/{chain}/protocol/{protocol}/{hash}`: the order under `order`. */
export const OrderByHashAnswer = Schema.Struct({ order: OrderAnswer })

/** `GET /api/v2/collection/{slug}/nfts`: a page of the collection's tokens, and the cursor of the next. */
export const NftListAnswer = Schema.Struct({
  nfts: Schema.Array(Schema.Struct({ identifier: Schema.String })),
  next: Schema.optional(Schema.NullOr(Schema.String)),
})

/** `GET /api/v2/chain/{chain}/contract/{address}/nfts/{identifier}`: the token and its traits. */
export const NftAnswer = Schema.Struct({
  nft: Schema.Struct({
    traits: Schema.optional(
      Schema.NullOr(
        Schema.Array(Schema.Struct({ trait_type: Schema.String, value: Schema.Union([Schema.String, Schema.Number]) })),
      ),
    ),
  }),
})

/** `GET /api/v2/chain/{chain}/contract/{address}`: the contract's collection and standard. */
export const ContractAnswer = Schema.Struct({
  collection: Schema.NullOr(Schema.String),
  contract_standard: Schema.optional(Schema.String),
})

const Currency = Schema.optional(Schema.NullOr(Schema.Struct({ address: Schema.String })))

/** `GET /api/v2/collections/{slug}`: its fees (in percent), pricing currencies and required zone. */
export const CollectionAnswer = Schema.Struct({
  fees: Schema.optional(
    Schema.Array(Schema.Struct({ fee: Uint, recipient: Schema.String, required: Schema.optional(Schema.Boolean) })),
  ),
  pricing_currencies: Schema.optional(Schema.Struct({ listing_currency: Currency, offer_currency: Currency })),
  required_zone: Schema.optional(Schema.NullOr(Schema.String)),
})
export type CollectionAnswer = typeof CollectionAnswer.Type

/**
 * `POST /api/v2/{listings,offers}/fulfillment_data`: the transaction to send (its arguments decoded by name from
 * `input_data`, then encoded with Seaport's ABI and checked), and the signed orders it fills.
 */
export const FulfillmentTransactionAnswer = Schema.Struct({
  function: Schema.String,
  to: Schema.String,
  value: Schema.optional(Schema.NullOr(Uint)),
  input_data: Schema.Record(Schema.String, Schema.Unknown),
  calldata_suffix: Schema.optional(Schema.NullOr(Schema.String)),
})
export type FulfillmentTransactionAnswer = typeof FulfillmentTransactionAnswer.Type

/** A fulfilment answer: the transaction, and the signed orders it fills. */
export const FulfillmentAnswer = Schema.Struct({
  fulfillment_data: Schema.Struct({
    transaction: FulfillmentTransactionAnswer,
    orders: Schema.optional(Schema.Array(Schema.Unknown)),
  }),
})
export type FulfillmentAnswer = typeof FulfillmentAnswer.Type

/** `POST /api/v2/offers/build`: the criteria offer's consideration and zone, as OpenSea builds them. */
export const BuildAnswer = Schema.Struct({
  partialParameters: Schema.Struct({
    consideration: Schema.Array(Item),
    zone: Schema.String,
    zoneHash: Schema.optional(Schema.String),
  }),
  /** The criteria OpenSea built the offer for: the traits asked, echoed. */
  criteria: Schema.optional(Schema.NullOr(CriteriaAnswer)),
})
export type BuildAnswer = typeof BuildAnswer.Type

/** A post's answer: the order OpenSea took, its hash at the top or under `order`. */
export const PostAnswer = Schema.Union([
  Schema.Struct({ order_hash: Schema.String }),
  Schema.Struct({ order: Schema.Struct({ order_hash: Schema.String }) }),
])
export type PostAnswer = typeof PostAnswer.Type

/**
 * An off-chain cancel's answer (the spec's `CancelOrderResponse`): the cancel is assured only after
 * `last_signature_issued_valid_until`, since a fill signature OpenSea handed out before it may still be used.
 */
export const CancelAnswer = Schema.Struct({
  last_signature_issued_valid_until: Schema.optional(Schema.NullOr(Schema.String)),
})
export type CancelAnswer = typeof CancelAnswer.Type

/**
 * `GET /api/v2/drops/{slug}` (the spec's `DropDetailedResponse`), as a mint reads it: the drop's chain, contract
 * and kind, and whether it is minting.
 */
export const DropAnswer = Schema.Struct({
  collection_slug: Schema.String,
  chain: Schema.String,
  contract_address: Schema.String,
  drop_type: Schema.String,
  is_minting: Schema.optional(Schema.Boolean),
})
export type DropAnswer = typeof DropAnswer.Type

/** `POST /api/v2/drops/{slug}/mint` (the spec's `DropMintResponse`): the transaction to send, `value` in hex wei. */
export const MintAnswer = Schema.Struct({
  to: Schema.String,
  data: Schema.String,
  value: Schema.String,
  chain: Schema.String,
})
export type MintAnswer = typeof MintAnswer.Type
