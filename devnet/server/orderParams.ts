/** Parsing of what list and bid requests share: price, currency, expiry, order book, kind and fees. */
import { type Address } from "viem"
import type { DevnetContext } from "./context.js"
import { badRequest } from "./http.js"
import { amount, array, optionalAddress, optionalAmount, optionalString, type Json } from "./validate.js"

/** The order books the devnet accepts; both land in its own book. */
const orderbooks = ["reservoir", "devnet"]

export interface CommonOrderParams {
  readonly price: bigint
  readonly quantity: bigint
  readonly currency: Address | undefined
  readonly expiry: bigint
  readonly orderbook: string
  readonly orderKind: string
  readonly fees: ReadonlyArray<string>
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
  if (!orderbooks.includes(orderbook)) throw badRequest(`${name}.orderbook "${orderbook}" is not supported (use ${orderbooks.join(" or ")})`)
  const orderKind = optionalString(p.orderKind, `${name}.orderKind`) ?? "tradekit-exchange"
  const feeList = [...(p.fees === undefined ? [] : array(p.fees, `${name}.fees`)), ...(p.marketplaceFees === undefined ? [] : array(p.marketplaceFees, `${name}.marketplaceFees`))]
  const fees = feeList.map((fee, i) => {
    if (typeof fee !== "string" || !/^0x[0-9a-fA-F]{40}:[0-9]+$/.test(fee)) throw badRequest(`${name}.fees[${i}] must look like "0xRecipient:bps"`)
    return fee
  })
  return { price, quantity, currency, expiry, orderbook, orderKind, fees }
}

/** An order's expiry (unix seconds, 0 = never) has passed, as the Exchange judges it; `now` in ms. */
export function isExpired(expiry: bigint, now = Date.now()): boolean {
  return expiry !== 0n && expiry < BigInt(Math.floor(now / 1000))
}
