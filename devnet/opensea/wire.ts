/**
 * The devnet's OpenSea answers on the wire, in the published spec's shapes (ProjectOpenSea/api-types,
 * opensea-api.json): a field the spec types `integer` is a JSON number when it fits in 2^53 and a decimal string
 * otherwise (a JSON number cannot carry a wei amount exactly); a field typed `string` is a decimal string
 * (salts: 0x-hex, as OpenSea's own orders have them). Errors are the spec's `{ errors: [message] }`.
 */
import { type Hex, toHex } from "viem"
import type { OpenSeaOrder } from "./book.js"
import type { OpenSeaCollection } from "./collections.js"
import type { ConsiderationItem, OfferItem } from "./seaport.js"

/** An `integer` field: a JSON number when it is a safe integer, else a decimal string. */
export const wireInt = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString()

/** An item as the spec's `Item` / `ConsiderationItem` (amounts and identifiers as decimal strings). */
export function wireItem(item: OfferItem | ConsiderationItem): Record<string, unknown> {
  return {
    itemType: item.itemType,
    token: item.token,
    identifierOrCriteria: item.identifierOrCriteria.toString(),
    startAmount: item.startAmount.toString(),
    endAmount: item.endAmount.toString(),
    ...("recipient" in item ? { recipient: item.recipient } : {}),
  }
}

/**
 * The spec's `ProtocolData`: the signed components and the signature — only in fulfilment answers; read routes
 * carry `signature: null`, as OpenSea's have since 2023.
 */
export function protocolData(order: OpenSeaOrder, signature: Hex | null): Record<string, unknown> {
  const c = order.components
  return {
    parameters: {
      offerer: c.offerer,
      offer: c.offer.map(wireItem),
      consideration: c.consideration.map(wireItem),
      startTime: c.startTime.toString(),
      endTime: c.endTime.toString(),
      orderType: c.orderType,
      zone: c.zone,
      zoneHash: c.zoneHash,
      salt: toHex(c.salt),
      conduitKey: c.conduitKey,
      totalOriginalConsiderationItems: c.consideration.length,
      counter: wireInt(c.counter),
    },
    signature,
  }
}

/** What the routes need to know about the chain and the currencies to describe an order. */
export interface OrderContext {
  readonly chainName: string
  readonly seaport: Hex
  readonly currency: (address: string) => { readonly symbol: string; readonly decimals: number } | undefined
  readonly collection: (contract: string) => OpenSeaCollection | undefined
  readonly status: (order: OpenSeaOrder) => "ACTIVE" | "INACTIVE" | "FULFILLED" | "EXPIRED" | "CANCELLED"
}

/** The spec's `Listing` or `Offer` for an order. */
export function orderJson(order: OpenSeaOrder, ctx: OrderContext): Record<string, unknown> {
  const currency = ctx.currency(order.currency)
  const price = {
    currency: currency?.symbol ?? order.currency,
    decimals: currency?.decimals ?? 18,
    value: order.price.toString(),
  }
  const base = {
    order_hash: order.hash,
    chain: ctx.chainName,
    protocol_data: protocolData(order, null),
    protocol_address: ctx.seaport,
    remaining_quantity: 1,
    order_created_at: Math.floor(order.createdAt / 1000),
    status: ctx.status(order),
  }
  if (order.kind === "listing") {
    return {
      ...base,
      asset: { contract: order.contract, identifier: order.tokenId!.toString() },
      price: { current: price },
      type: "basic",
    }
  }
  if (order.kind === "item-offer")
    return { ...base, asset: { contract: order.contract, identifier: order.tokenId!.toString() }, price }
  const slug = ctx.collection(order.contract)?.slug
  const criteria = { collection: { slug }, contract: { address: order.contract } }
  if (order.trait === undefined) return { ...base, price, criteria: { ...criteria, encoded_token_ids: "*" } }
  const { criteria: trait, numeric } = order.trait
  return {
    ...base,
    price,
    criteria: {
      ...criteria,
      ...(trait === undefined ? {} : { traits: [trait] }),
      ...(numeric === undefined || numeric.length === 0 ? {} : { numeric_traits: numeric }),
      encoded_token_ids: order.trait.tokenIds.join(","),
    },
  }
}

/** The spec's error body. */
export const errorsJson = (message: string): { errors: ReadonlyArray<string> } => ({ errors: [message] })
