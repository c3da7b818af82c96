/**
 * What a chain of the devnet holds right now, for an app author who wants something to buy, sell or bid on
 * without grepping the seed: the active listings and bids of the order book and who owns which token, as the
 * indexer sees them. Part of `GET /` and devnet.json (see `devnetInfo`); amounts are decimal strings.
 */
import type { Address, Hex } from "viem"
import type { BookOrder } from "../core/orderBook.js"
import type { DevnetContext } from "./context.js"

/** An active order of the book, in the units a client passes back (`token: "contract:tokenId"`, raw amounts). */
export interface InventoryOrder {
  readonly orderId: Hex
  readonly contract: Address
  readonly collectionName: string
  /** The token, for a listing or a token bid; absent for a collection, attribute or token-set bid. */
  readonly tokenId?: string
  /** How a bid selects tokens: `token`, `collection`, `attribute` or `token-set`; always `token` for a listing. */
  readonly criteria: BookOrder["criteria"]["kind"]
  readonly quantity: string
  /** The total price, in the currency's smallest unit. */
  readonly price: string
  /** The zero address for ETH. */
  readonly currency: Address
  readonly currencySymbol: string
  readonly currencyDecimals: number
  readonly maker: Address
}

/** A token and who holds it. */
export interface InventoryToken {
  readonly contract: Address
  readonly collectionName: string
  readonly kind: "erc721" | "erc1155"
  readonly tokenId: string
  readonly owners: ReadonlyArray<{ readonly owner: Address; readonly balance: string }>
}

/** The listings, bids and tokens of one chain of a running devnet. */
export interface DevnetInventory {
  readonly listings: ReadonlyArray<InventoryOrder>
  readonly bids: ReadonlyArray<InventoryOrder>
  readonly tokens: ReadonlyArray<InventoryToken>
}

/** The inventory of `chainId`, read from the order book and the indexer at the time of the call. */
export function inventoryOf(ctx: DevnetContext, chainId: number): DevnetInventory {
  const orderJson = (order: BookOrder): InventoryOrder => {
    const currency = ctx.catalog.currency(chainId, order.order.currency)
    return {
      orderId: order.id,
      contract: order.order.collection,
      collectionName: ctx.catalog.collection(chainId, order.order.collection)?.name ?? "",
      ...(order.criteria.kind === "token" ? { tokenId: order.criteria.tokenId.toString() } : {}),
      criteria: order.criteria.kind,
      quantity: order.order.amount.toString(),
      price: order.order.price.toString(),
      currency: order.order.currency,
      currencySymbol: currency?.symbol ?? "",
      currencyDecimals: currency?.decimals ?? 18,
      maker: order.order.maker,
    }
  }
  const active = ctx.book.active().filter((order) => order.chainId === chainId)
  return {
    listings: active.filter((order) => order.side === "listing").map(orderJson),
    bids: active.filter((order) => order.side === "bid").map(orderJson),
    tokens: ctx.catalog.collectionsOn(chainId).flatMap((collection) =>
      ctx.indexer.tokensOf(chainId, collection.address).map((token) => ({
        contract: collection.address,
        collectionName: collection.name,
        kind: collection.kind,
        tokenId: token.tokenId.toString(),
        owners: token.holders.map(({ owner, balance }) => ({ owner, balance: balance.toString() })),
      })),
    ),
  }
}
