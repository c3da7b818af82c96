/** Parsing of what list and bid requests share: price, currency, expiry, order book, kind, fees and royalties. */
import { type Address, getAddress } from "viem"
import type { DevnetContext } from "./context.js"
import { badRequest } from "./http.js"
import { amount, array, boolean, type Json, optionalAddress, optionalAmount, optionalString } from "./validate.js"

/** The order books the devnet accepts; both land in its own book. */
const orderbooks = ["reservoir", "devnet"]

/** A marketplace fee as list and bid requests give it: a recipient and its share of the price in basis points. */
export interface MarketplaceFee {
  readonly recipient: Address
  readonly bps: bigint
}

export interface CommonOrderParams {
  readonly price: bigint
  readonly quantity: bigint
  readonly currency: Address | undefined
  readonly expiry: bigint
  readonly orderbook: string
  readonly orderKind: string
  /** `fees` and `marketplaceFees` as given ("0xRecipient:bps"), recorded with the order. */
  readonly fees: ReadonlyArray<string>
  /** The same fees, parsed. */
  readonly marketplaceFees: ReadonlyArray<MarketplaceFee>
  /** Put the collection's EIP-2981 royalty among the order's fees (default true, as on reservoir). */
  readonly automatedRoyalties: boolean
  /** The most royalty to pay, in basis points of the price (reservoir's `royaltyBps`); the whole royalty when absent. */
  readonly royaltyBps: bigint | undefined
}

export function commonOrderParams(ctx: DevnetContext, p: Json, name: string): CommonOrderParams {
  const quantity = optionalAmount(p.quantity, `${name}.quantity`) ?? 1n
  if (quantity === 0n) throw badRequest(`${name}.quantity must be positive`)
  // weiPrice is per unit, as the reservoir API takes it; Exchange orders carry the total for `quantity`.
  const price = amount(p.weiPrice, `${name}.weiPrice`) * quantity
  if (price === 0n) throw badRequest(`${name}.weiPrice must be positive`)
  const currency = optionalAddress(p.currency, `${name}.currency`)
  if (currency !== undefined && ctx.catalog.currency(ctx.origin.chainId, currency) === undefined) {
    throw badRequest(`${name}.currency ${currency} is not supported`)
  }
  const expiry = optionalAmount(p.expirationTime, `${name}.expirationTime`) ?? 0n
  if (isExpired(expiry)) throw badRequest(`${name}.expirationTime ${expiry} is in the past`)
  const orderbook = optionalString(p.orderbook, `${name}.orderbook`) ?? "reservoir"
  if (!orderbooks.includes(orderbook))
    throw badRequest(`${name}.orderbook "${orderbook}" is not supported (use ${orderbooks.join(" or ")})`)
  const orderKind = optionalString(p.orderKind, `${name}.orderKind`) ?? "tradekit-exchange"
  const feeList = [
    ...(p.fees === undefined ? [] : array(p.fees, `${name}.fees`)),
    ...(p.marketplaceFees === undefined ? [] : array(p.marketplaceFees, `${name}.marketplaceFees`)),
  ]
  const fees = feeList.map((fee, i) => {
    if (typeof fee !== "string" || !/^0x[0-9a-fA-F]{40}:[0-9]+$/.test(fee))
      throw badRequest(`${name}.fees[${i}] must look like "0xRecipient:bps"`)
    return fee
  })
  const marketplaceFees = fees.map((fee, i) => {
    const [recipient, bps] = fee.split(":") as [string, string]
    if (BigInt(recipient) === 0n) throw badRequest(`${name}.fees[${i}] pays the zero address`)
    return { recipient: getAddress(recipient), bps: BigInt(bps) }
  })
  const automatedRoyalties = boolean(p.automatedRoyalties, `${name}.automatedRoyalties`, true)
  const royaltyBps = optionalAmount(p.royaltyBps, `${name}.royaltyBps`)
  return {
    price,
    quantity,
    currency,
    expiry,
    orderbook,
    orderKind,
    fees,
    marketplaceFees,
    automatedRoyalties,
    royaltyBps,
  }
}

/** An order's expiry (unix seconds, 0 = never) has passed, as the Exchange judges it; `now` in ms. */
export function isExpired(expiry: bigint, now = Date.now()): boolean {
  return expiry !== 0n && expiry < BigInt(Math.floor(now / 1000))
}
