/**
 * The bounds a fulfilment check holds a fill to: whatever moment in the order's life Seaport fills it at, and however
 * it rounds the fraction, the amount it moves lies between `leastOf` and `mostOf`.
 */
import { describe, expect, it } from "@effect/vitest"
import { leastOf, mostOf } from "../../../../../src/apis/opensea/seaport/fillAmounts.js"
import type { OfferItem } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { advanced, listing, parametersOf, weth } from "./fixtures.js"

const item = (startAmount: bigint, endAmount: bigint): OfferItem => ({
  itemType: 1,
  token: weth,
  identifierOrCriteria: 0n,
  startAmount,
  endAmount,
})
const orderAt = (numerator: bigint, denominator: bigint) => advanced(parametersOf(listing()), [numerator, denominator])

/**
 * What Seaport 1.6 moves of an item at `elapsed` of `duration` (`AmountDeriver`): each amount scaled by the fraction
 * (exactly, or Seaport reverts), then the amount in between, rounded up for what the fulfiller pays.
 */
const seaportAmount = (
  { startAmount, endAmount }: OfferItem,
  [numerator, denominator]: readonly [bigint, bigint],
  elapsed: bigint,
  duration: bigint,
  roundUp: boolean,
): bigint => {
  const start = (startAmount * numerator) / denominator
  const end = (endAmount * numerator) / denominator
  const total = start * (duration - elapsed) + end * elapsed
  return (total + (roundUp ? duration - 1n : 0n)) / duration
}

describe("mostOf and leastOf", () => {
  it("a full fill of a fixed amount moves exactly that amount", () => {
    expect(mostOf(item(1_000n, 1_000n), orderAt(1n, 1n))).toBe(1_000n)
    expect(leastOf(item(1_000n, 1_000n), orderAt(1n, 1n))).toBe(1_000n)
  })

  it("take the larger and the smaller amount, whichever way the price moves", () => {
    const full = orderAt(1n, 1n)
    for (const rising of [item(100n, 300n), item(300n, 100n)]) {
      expect(mostOf(rising, full)).toBe(300n)
      expect(leastOf(rising, full)).toBe(100n)
    }
  })

  it("scale by the fill fraction, the most rounded up and the least rounded down", () => {
    const third = orderAt(1n, 3n)
    expect(mostOf(item(10n, 10n), third)).toBe(4n)
    expect(leastOf(item(10n, 10n), third)).toBe(3n)
    expect(mostOf(item(9n, 9n), third)).toBe(3n)
    expect(leastOf(item(9n, 9n), third)).toBe(3n)
  })

  it("a zero amount moves nothing", () => {
    expect(mostOf(item(0n, 0n), orderAt(1n, 2n))).toBe(0n)
    expect(leastOf(item(0n, 0n), orderAt(1n, 2n))).toBe(0n)
  })

  it("bound what Seaport moves at every moment of the order's life, for every fraction", () => {
    const duration = 7n
    const items = [item(1_000n, 10n), item(10n, 1_000n), item(999n, 997n), item(5n, 5n)]
    const fractions: ReadonlyArray<readonly [bigint, bigint]> = [
      [1n, 1n],
      [1n, 2n],
      [2n, 3n],
      [3n, 7n],
    ]
    for (const entry of items) {
      for (const fraction of fractions) {
        const order = orderAt(...fraction)
        for (let elapsed = 0n; elapsed <= duration; elapsed++) {
          for (const roundUp of [true, false]) {
            const moved = seaportAmount(entry, fraction, elapsed, duration, roundUp)
            expect(moved).toBeLessThanOrEqual(mostOf(entry, order))
            expect(moved).toBeGreaterThanOrEqual(leastOf(entry, order))
          }
        }
      }
    }
  })
})
