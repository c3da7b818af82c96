/**
 * The devnet's OpenSea order book: signed Seaport orders by order hash, each a listing (an NFT offered) or an
 * offer (an ERC-20 offered for one token, for any token of a collection, or for any token with a trait). An order stops being handed out when
 * it is filled or cancelled on chain (Seaport's events), cancelled off chain, or expired.
 */
import type { Address, Hex } from "viem"
import type { NumericTraitCriteria, TraitCriteria } from "./criteria.js"
import { ItemType, type OrderComponents, OrderType } from "./seaport.js"

/** What an order is, read from its items. */
export type OpenSeaOrderKind = "listing" | "item-offer" | "collection-offer"

/** An order in the book. */
export interface OpenSeaOrder {
  readonly hash: Hex
  readonly chainId: number
  readonly kind: OpenSeaOrderKind
  readonly components: OrderComponents
  readonly signature: Hex
  /** The NFT contract the order trades, and the token (undefined for a collection offer). */
  readonly contract: Address
  readonly tokenId: bigint | undefined
  /** The payment currency (zero address = ETH) and the total price the taker side moves. */
  readonly currency: Address
  readonly price: bigint
  /** A trait offer's trait and the tokens its criteria root is over; undefined for any other order. */
  readonly trait?:
    | {
        /** The trait asked; none for an offer on numeric traits alone. */
        readonly criteria?: TraitCriteria | undefined
        /** The numeric traits asked (always held by the zone, root 0). */
        readonly numeric?: ReadonlyArray<NumericTraitCriteria> | undefined
        readonly tokenIds: ReadonlyArray<bigint>
        /** Root 0 on a supported collection: the signed zone, not the root, holds a fill to the trait. */
        readonly zoneEnforced?: boolean
      }
    | undefined
  /** ms since the epoch. */
  readonly createdAt: number
  status: "active" | "filled" | "cancelled"
  /** Cancelled through the API: no fulfilment is handed out any more, though the signed order stays valid on chain. */
  offChainCancelled: boolean
}

/** The kind of an order, or undefined when it is neither a listing nor an offer the devnet handles. */
export function kindOf(components: OrderComponents): OpenSeaOrderKind | undefined {
  const [first] = components.offer
  const nft = components.consideration[0]
  if (components.offer.length !== 1 || first === undefined || nft === undefined) return undefined
  if (first.itemType === ItemType.ERC721 || first.itemType === ItemType.ERC1155) return "listing"
  if (first.itemType !== ItemType.ERC20) return undefined
  if (nft.itemType === ItemType.ERC721 || nft.itemType === ItemType.ERC1155) return "item-offer"
  // A criteria offer: a collection offer (root 0) or a trait offer (the root of the tokens with the trait).
  if (nft.itemType === ItemType.ERC721_WITH_CRITERIA || nft.itemType === ItemType.ERC1155_WITH_CRITERIA)
    return "collection-offer"
  return undefined
}

/** The NFT contract, token, currency and price of an order of a known kind. */
export function termsOf(
  components: OrderComponents,
  kind: OpenSeaOrderKind,
): { contract: Address; tokenId: bigint | undefined; currency: Address; price: bigint } {
  const nftOf = kind === "listing" ? components.offer[0]! : components.consideration[0]!
  if (kind === "listing") {
    const payments = components.consideration
    return {
      contract: nftOf.token,
      tokenId: nftOf.identifierOrCriteria,
      currency: payments[0]!.token,
      price: payments.reduce((sum, item) => sum + item.startAmount, 0n),
    }
  }
  const payment = components.offer[0]!
  return {
    contract: nftOf.token,
    tokenId: kind === "item-offer" ? nftOf.identifierOrCriteria : undefined,
    currency: payment.token,
    price: payment.startAmount,
  }
}

/** In-memory storage of the OpenSea orders with the queries the routes need. */
export class OpenSeaBook {
  private readonly orders = new Map<string, OpenSeaOrder>()

  add(order: OpenSeaOrder): void {
    this.orders.set(order.hash.toLowerCase(), order)
  }

  get(hash: string): OpenSeaOrder | undefined {
    return this.orders.get(hash.toLowerCase())
  }

  /** Whether an order is handed out: active, not cancelled off chain, started and not expired at `nowSeconds`. */
  live(order: OpenSeaOrder, nowSeconds: bigint): boolean {
    return (
      order.status === "active" &&
      !order.offChainCancelled &&
      order.components.startTime <= nowSeconds &&
      nowSeconds < order.components.endTime
    )
  }

  /** The live listings of a token, cheapest first (the best one its maker can still deliver is the route's). */
  listingsOf(chainId: number, contract: Address, tokenId: bigint, nowSeconds: bigint): OpenSeaOrder[] {
    return this.matching(chainId, contract, nowSeconds, (o) => o.kind === "listing" && o.tokenId === tokenId).sort(
      (a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0),
    )
  }

  /** The live offers a token can accept, highest first: an offer on that token, on its whole collection, or on a trait it has. */
  offersFor(chainId: number, contract: Address, tokenId: bigint, nowSeconds: bigint): OpenSeaOrder[] {
    return this.matching(
      chainId,
      contract,
      nowSeconds,
      (o) =>
        (o.kind === "item-offer" && o.tokenId === tokenId) ||
        (o.kind === "collection-offer" && (o.trait?.tokenIds.includes(tokenId) ?? true)),
    ).sort((a, b) => (a.price > b.price ? -1 : a.price < b.price ? 1 : 0))
  }

  private matching(
    chainId: number,
    contract: Address,
    nowSeconds: bigint,
    keep: (o: OpenSeaOrder) => boolean,
  ): OpenSeaOrder[] {
    return [...this.orders.values()].filter(
      (o) =>
        o.chainId === chainId &&
        o.contract.toLowerCase() === contract.toLowerCase() &&
        this.live(o, nowSeconds) &&
        keep(o),
    )
  }

  /**
   * Seaport's `OrderFulfilled`: a full order, or a partial one of a single unit, is done; a partial one of more units
   * stays until the contract says it is filled.
   */
  markFilled(hash: string): void {
    const order = this.get(hash)
    if (order === undefined) return
    const nft = order.kind === "listing" ? order.components.offer[0]! : order.components.consideration[0]!
    const full =
      order.components.orderType === OrderType.FULL_OPEN || order.components.orderType === OrderType.FULL_RESTRICTED
    if (full || nft.startAmount === 1n) order.status = "filled"
  }

  /** Seaport's `OrderCancelled`. */
  markCancelled(hash: string): void {
    const order = this.get(hash)
    if (order !== undefined) order.status = "cancelled"
  }

  /** Seaport's `CounterIncremented`: every order of `offerer` signed with a lower counter is void. */
  cancelBelowCounter(chainId: number, offerer: Address, counter: bigint): void {
    for (const order of this.orders.values()) {
      if (
        order.chainId === chainId &&
        order.components.offerer.toLowerCase() === offerer.toLowerCase() &&
        order.components.counter < counter
      ) {
        order.status = "cancelled"
      }
    }
  }
}
