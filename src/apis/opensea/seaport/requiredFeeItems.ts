import type { Address } from "viem"
import { isCurrencyItem, type OrderComponents, sameAddress } from "./SeaportOrder.js"

/** A fee an order pays: to whom, how much, and its share of the price in basis points (rounded down). */
export interface FeeItem {
  readonly recipient: Address
  readonly amount: bigint
  readonly basisPoints: bigint
}

/** The price an order trades at: what an offer offers in currency, else what a listing asks in currency. */
export const orderPrice = (order: Pick<OrderComponents, "offer" | "consideration">): bigint => {
  const offered = order.offer.filter(isCurrencyItem)
  const items = offered.length > 0 ? offered : order.consideration.filter(isCurrencyItem)
  return items.reduce((sum, item) => sum + item.endAmount, 0n)
}

/**
 * The fees an order pays, for a precheck to show: its currency consideration items to anyone but the offerer (out
 * of a listing's price; for an offer, out of what it offers), each with its share of {@link orderPrice}.
 */
export const requiredFeeItems = (
  order: Pick<OrderComponents, "offerer" | "offer" | "consideration">,
): ReadonlyArray<FeeItem> => {
  const price = orderPrice(order)
  return order.consideration
    .filter((item) => isCurrencyItem(item) && !sameAddress(item.recipient, order.offerer))
    .map((item) => ({
      recipient: item.recipient,
      amount: item.endAmount,
      basisPoints: price === 0n ? 0n : (item.endAmount * 10_000n) / price,
    }))
}
