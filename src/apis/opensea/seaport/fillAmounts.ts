import type { AdvancedOrder, OfferItem } from "./SeaportOrder.js"

/**
 * The most a fill of `order` can move of `item`: the larger of its start and end amounts (Seaport moves between
 * them over the order's life) times the fill fraction, rounded up. What a taker pays is bounded by this.
 */
export const mostOf = (item: OfferItem, order: AdvancedOrder): bigint => {
  // biome-ignore lint/complexity/useMathMinMax: Math.max takes no bigints
  const amount = item.startAmount > item.endAmount ? item.startAmount : item.endAmount
  return (amount * order.numerator + order.denominator - 1n) / order.denominator
}

/** The least a fill of `order` moves of `item`: the smaller amount times the fill fraction, rounded down. */
export const leastOf = (item: OfferItem, order: AdvancedOrder): bigint => {
  // biome-ignore lint/complexity/useMathMinMax: Math.min takes no bigints
  const amount = item.startAmount < item.endAmount ? item.startAmount : item.endAmount
  return (amount * order.numerator) / order.denominator
}
