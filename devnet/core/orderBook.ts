/**
 * The devnet's order book: signed Exchange orders by id (the EIP-712 digest). Orders leave the book when
 * the indexer sees them filled or cancelled on chain; the read endpoints and the execute routes only see
 * active ones.
 */
import type { Address, Hex } from "viem"
import type { Order } from "../chain/orders.js"
import type { Attribute } from "./catalog.js"

/** How a bid selects tokens. Listings are always `token`. */
export type OrderCriteria =
  | { readonly kind: "token"; readonly tokenId: bigint }
  | { readonly kind: "collection" }
  | { readonly kind: "token-set"; readonly tokenSetId: string; readonly tokenIds: ReadonlyArray<bigint> }
  | {
      readonly kind: "attribute"
      readonly attribute: Attribute
      readonly tokenSetId: string
      readonly tokenIds: ReadonlyArray<bigint>
    }

/** An order in the book. */
export interface BookOrder {
  readonly id: Hex
  readonly chainId: number
  readonly side: "listing" | "bid"
  readonly order: Order
  readonly signature: Hex
  readonly criteria: OrderCriteria
  /** What the maker asked for: the order kind and book are recorded, the devnet Exchange fills them all. */
  readonly orderKind: string
  readonly orderbook: string
  readonly source: string
  readonly fees: ReadonlyArray<string>
  readonly createdAt: number
  status: "active" | "filled" | "cancelled"
  statusTxHash?: Hex
}

/** In-memory order storage with the queries the routes need. */
export class OrderBook {
  private readonly orders = new Map<string, BookOrder>()

  add(order: BookOrder): void {
    this.orders.set(order.id.toLowerCase(), order)
  }

  get(id: string): BookOrder | undefined {
    return this.orders.get(id.toLowerCase())
  }

  all(): ReadonlyArray<BookOrder> {
    return [...this.orders.values()]
  }

  active(): ReadonlyArray<BookOrder> {
    return this.all().filter((o) => o.status === "active")
  }

  /** Active listings of one token, cheapest first within a currency. */
  listingsOf(chainId: number, collection: Address, tokenId: bigint): ReadonlyArray<BookOrder> {
    return this.active()
      .filter(
        (o) =>
          o.side === "listing" &&
          o.chainId === chainId &&
          o.order.collection.toLowerCase() === collection.toLowerCase() &&
          o.order.tokenId === tokenId,
      )
      .sort((a, b) => (a.order.price < b.order.price ? -1 : a.order.price > b.order.price ? 1 : 0))
  }

  /** Active bids that a given token can fill (token, collection, token-set and attribute bids), highest first. */
  bidsFor(chainId: number, collection: Address, tokenId: bigint): ReadonlyArray<BookOrder> {
    return this.active()
      .filter(
        (o) =>
          o.side === "bid" && o.chainId === chainId && o.order.collection.toLowerCase() === collection.toLowerCase(),
      )
      .filter((o) => {
        switch (o.criteria.kind) {
          case "token":
            return o.criteria.tokenId === tokenId
          case "collection":
            return true
          default:
            return o.criteria.tokenIds.includes(tokenId)
        }
      })
      .sort((a, b) => (a.order.price > b.order.price ? -1 : a.order.price < b.order.price ? 1 : 0))
  }

  markFilled(id: string, txHash: Hex): void {
    const order = this.get(id)
    if (order !== undefined && order.status === "active") {
      order.status = "filled"
      order.statusTxHash = txHash
    }
  }

  markCancelled(id: string, txHash?: Hex): void {
    const order = this.get(id)
    if (order !== undefined && order.status === "active") {
      order.status = "cancelled"
      if (txHash !== undefined) order.statusTxHash = txHash
    }
  }

  /** Cancels every order of `maker` signed with a nonce below the maker's new on-chain counter. */
  cancelBelowNonce(chainId: number, maker: Address, nonce: bigint, txHash: Hex): void {
    for (const o of this.active()) {
      if (o.chainId === chainId && o.order.maker.toLowerCase() === maker.toLowerCase() && o.order.nonce < nonce) {
        o.status = "cancelled"
        o.statusTxHash = txHash
      }
    }
  }
}
