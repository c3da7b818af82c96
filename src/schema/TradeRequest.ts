import * as Schema from "effect/Schema"
import type { ActionName } from "./ActionName.js"

/** An object passed through as it is: items, listings, bids and options carry many optional fields. */
type Fields = Readonly<Record<string, unknown>>

/**
 * What the caller's `options` add to a request: any other field, passed to the book as given (the Reservoir book
 * sends it in its execute body; another book honours the ones it knows and refuses the ones it cannot keep).
 */
interface Options {
  readonly [option: string]: unknown
}

/** Who a request is for and where it came from, as the client's settings name them. */
interface Attribution {
  /** The client's `source` (a marketplace's domain), when it has one. */
  readonly source?: string | undefined
}

/**
 * The parameters of each action's request: what the user asked, with the wallet that acts and the client's
 * defaults, in tradekit's own names (those reservoir-sdk 2.0.x callers already pass, so the drop-in facade's
 * `options` keep working).
 */
export interface TradeParams {
  /** Fill listings: each item by `token` (its best listing), `orderId` or `rawOrder`, with `quantity`. */
  readonly buy: Options &
    Attribution & {
      readonly items: ReadonlyArray<Fields>
      readonly taker: string
      readonly normalizeRoyalties?: boolean | undefined
      readonly referrer?: string | undefined
    }
  /** Accept offers: each item a `token` sold, into its `orderId` or the token's best offer. */
  readonly sell: Options &
    Attribution & {
      readonly items: ReadonlyArray<Fields>
      readonly taker: string
      readonly normalizeRoyalties?: boolean | undefined
    }
  /** Make listings: one per `token`, at `weiPrice`. */
  readonly list: Options & Attribution & { readonly maker: string; readonly params: ReadonlyArray<Fields> }
  /** Make offers: one per token, collection, trait or token set, at `weiPrice`. */
  readonly bid: Options & Attribution & { readonly maker: string; readonly params: ReadonlyArray<Fields> }
  /** Cancel orders by id. */
  readonly cancel: Options & { readonly orderIds: ReadonlyArray<string> }
  /** Send tokens from the wallet `from` to `to`. */
  readonly transfer: Options & { readonly from: string; readonly to: string; readonly items: ReadonlyArray<Fields> }
  /** Mint tokens to `taker`: each item a collection or a token, with `quantity`. */
  readonly mint: Options &
    Attribution & {
      readonly items: ReadonlyArray<Fields>
      readonly taker: string
      readonly referrer?: string | undefined
    }
  /** Run transactions on the request's chain, paid for from `originChainId`. */
  readonly call: Options & {
    readonly user: string
    readonly txs: ReadonlyArray<Fields>
    readonly originChainId: number
  }
}

/** An expected price as a request keeps it: plain JSON, `raw` as a decimal string. */
export const StoredExpectedPrice = Schema.Struct({
  amount: Schema.optional(Schema.Number),
  raw: Schema.optional(Schema.String),
  currencyAddress: Schema.optional(Schema.String),
  currencyDecimals: Schema.optional(Schema.Number),
})
export type StoredExpectedPrice = typeof StoredExpectedPrice.Type

/**
 * An action's request, as the executor hands it to the order book: the action, its typed parameters and the price
 * the caller expected, by currency (never sent to a book: a resume runs the price check again on the new plan).
 * It names no route and no wire: each book translates it to its own. Plain JSON, so a snapshot stores it as it is.
 */
export type TradeRequest<A extends ActionName = ActionName> = {
  readonly [K in A]: {
    readonly action: K
    readonly params: TradeParams[K]
    readonly expectedPrice?: Readonly<Record<string, StoredExpectedPrice>> | undefined
  }
}[A]

const Items = Schema.Array(Schema.Record(Schema.String, Schema.Unknown))
/** A request's parameters: the fields its action needs, typed; any other (the caller's options) kept as given. */
const paramsOf = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.StructWithRest(Schema.Struct(fields), [Schema.Record(Schema.String, Schema.Unknown)])
const requestOf = <A extends ActionName, P extends Schema.Top>(action: A, params: P) =>
  Schema.Struct({
    action: Schema.Literal(action),
    params,
    expectedPrice: Schema.optional(Schema.Record(Schema.String, StoredExpectedPrice)),
  })

/**
 * A request as a snapshot stores it, decoded before a resume trusts it: an action's name with the parameters that
 * action needs. Anything else is refused.
 */
export const StoredTradeRequest = Schema.Union([
  requestOf("buy", paramsOf({ items: Items, taker: Schema.String })),
  requestOf("sell", paramsOf({ items: Items, taker: Schema.String })),
  requestOf("list", paramsOf({ maker: Schema.String, params: Items })),
  requestOf("bid", paramsOf({ maker: Schema.String, params: Items })),
  requestOf("cancel", paramsOf({ orderIds: Schema.Array(Schema.String) })),
  requestOf("transfer", paramsOf({ from: Schema.String, to: Schema.String, items: Items })),
  requestOf("mint", paramsOf({ items: Items, taker: Schema.String })),
  requestOf("call", paramsOf({ user: Schema.String, txs: Items, originChainId: Schema.Number })),
])
