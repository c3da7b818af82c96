/** The reservoir-style JSON of orders, prices and tokens that the read endpoints share. */
import { type Address, formatUnits, zeroAddress } from "viem"
import type { BookOrder } from "../core/orderBook.js"
import type { DevnetContext } from "./context.js"
import { SOURCE } from "./steps.js"

export function priceJson(ctx: DevnetContext, chainId: number, currencyAddress: Address, raw: bigint) {
  const currency = ctx.catalog.currency(chainId, currencyAddress)
  const decimals = currency?.decimals ?? 18
  const decimal = Number(formatUnits(raw, decimals))
  return {
    currency: { contract: currencyAddress, name: currency?.name ?? "", symbol: currency?.symbol ?? "", decimals },
    amount: { raw: raw.toString(), decimal, ...(currencyAddress === zeroAddress ? { native: decimal } : {}) },
  }
}

export function tokenSetIdOf(o: BookOrder): string {
  switch (o.criteria.kind) {
    case "token":
      return `token:${o.order.collection}:${o.order.tokenId}`
    case "collection":
      return `contract:${o.order.collection}`
    default:
      return o.criteria.tokenSetId
  }
}

/** An order as `/orders/asks/v5` and `/orders/bids/v6` return it. */
export function orderReadJson(ctx: DevnetContext, o: BookOrder) {
  const criteria =
    o.criteria.kind === "token"
      ? {
          kind: "token",
          data: { token: { tokenId: o.order.tokenId.toString() }, collection: { id: o.order.collection } },
        }
      : o.criteria.kind === "attribute"
        ? { kind: "attribute", data: { collection: { id: o.order.collection }, attribute: o.criteria.attribute } }
        : o.criteria.kind === "token-set"
          ? {
              kind: "custom",
              data: { collection: { id: o.order.collection }, tokenIds: o.criteria.tokenIds.map(String) },
            }
          : { kind: "collection", data: { collection: { id: o.order.collection } } }
  return {
    id: o.id,
    kind: o.orderKind,
    side: o.side === "listing" ? "sell" : "buy",
    status: o.status === "active" ? "active" : o.status,
    tokenSetId: tokenSetIdOf(o),
    contract: o.order.collection,
    maker: o.order.maker,
    taker: zeroAddress,
    price: priceJson(ctx, o.chainId, o.order.currency, o.order.price),
    validFrom: Math.floor(o.createdAt / 1000),
    validUntil: Number(o.order.expiry),
    quantityFilled: o.status === "filled" ? Number(o.order.amount) : 0,
    quantityRemaining: o.status === "active" ? Number(o.order.amount) : 0,
    criteria,
    source: { id: SOURCE, name: o.source },
    orderbook: o.orderbook,
    feeBreakdown: o.fees,
    createdAt: new Date(o.createdAt).toISOString(),
    ...(o.statusTxHash !== undefined ? { statusTxHash: o.statusTxHash } : {}),
  }
}

/** The cheapest active listing of a token (native first), for `floorAsk`. */
export function floorAskOf(ctx: DevnetContext, chainId: number, collection: Address, tokenId: bigint) {
  const listings = ctx.book.listingsOf(chainId, collection, tokenId)
  const best = listings.find((o) => o.order.currency === zeroAddress) ?? listings[0]
  if (best === undefined) return null
  return {
    id: best.id,
    price: priceJson(ctx, chainId, best.order.currency, best.order.price),
    maker: best.order.maker,
    validFrom: Math.floor(best.createdAt / 1000),
    validUntil: Number(best.order.expiry),
    source: { id: SOURCE, name: best.source },
  }
}
