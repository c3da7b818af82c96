import type { Hex } from "viem"

/** An order the user named: its hash, and its offerer's counter the hash was made with. */
export interface NamedOrder {
  readonly hash: Hex
  readonly counter: bigint
}

/**
 * Pairs each carried order with a distinct named order whose hash it has at that order's counter (`hashAt`), or
 * answers the index of the first carried order that is none of them. Every named order must be carried.
 */
export const matchNamedOrders = <N extends NamedOrder>(
  count: number,
  hashAt: (index: number, counter: bigint) => Hex,
  named: ReadonlyArray<N>,
): { readonly matched: ReadonlyArray<N> } | { readonly stranger: number } | { readonly missing: N } => {
  const left = [...named]
  const matched: Array<N> = []
  for (let index = 0; index < count; index++) {
    const at = left.findIndex((order) => hashAt(index, order.counter).toLowerCase() === order.hash.toLowerCase())
    if (at === -1) return { stranger: index }
    matched.push(left[at]!)
    left.splice(at, 1)
  }
  return left.length > 0 ? { missing: left[0]! } : { matched }
}
