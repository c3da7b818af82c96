/**
 * A fulfilment carries exactly the orders the user named: each carried order pairs with one named order (its hash at
 * that order's counter), none is a stranger, none of the named is left out.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Hex } from "viem"
import { matchNamedOrders } from "../../../../../src/apis/opensea/seaport/matchNamedOrders.js"

const hashOf = (id: number, counter: bigint): Hex =>
  `0x${id.toString(16).padStart(2, "0")}${counter.toString(16).padStart(62, "0")}`
/** Carried orders by id: the hash of carried order `index` at a counter is `hashOf(ids[index], counter)`. */
const carrying =
  (ids: ReadonlyArray<number>) =>
  (index: number, counter: bigint): Hex =>
    hashOf(ids[index]!, counter)
const named = (id: number, counter = 0n, label = `order ${id}`) => ({ hash: hashOf(id, counter), counter, label })

describe("matchNamedOrders", () => {
  it("pairs each carried order with its named order, in the carried order's place", () => {
    const one = named(1)
    const two = named(2, 3n)
    expect(matchNamedOrders(2, carrying([2, 1]), [one, two])).toEqual({ matched: [two, one] })
  })

  it("hashes each carried order at the named order's own counter", () => {
    const current = named(1, 5n)
    expect(matchNamedOrders(1, carrying([1]), [current])).toEqual({ matched: [current] })
    const claimed = { hash: hashOf(1, 0n), counter: 5n }
    expect(matchNamedOrders(1, carrying([1]), [claimed])).toEqual({ stranger: 0 })
  })

  it("compares hashes in any letter case", () => {
    const order = { hash: "0xABCDEF".padEnd(66, "0") as Hex, counter: 0n }
    expect(matchNamedOrders(1, () => "0xabcdef".padEnd(66, "0") as Hex, [order])).toEqual({ matched: [order] })
  })

  it("answers the first carried order that is none of the named ones", () => {
    expect(matchNamedOrders(3, carrying([1, 9, 8]), [named(1), named(2), named(3)])).toEqual({ stranger: 1 })
  })

  it("does not let one named order stand for two carried copies of it", () => {
    expect(matchNamedOrders(2, carrying([1, 1]), [named(1), named(2)])).toEqual({ stranger: 1 })
    const twice = [named(1, 0n, "first"), named(1, 0n, "second")]
    expect(matchNamedOrders(2, carrying([1, 1]), twice)).toEqual({ matched: twice })
  })

  it("answers a named order no carried order fills", () => {
    const left = named(3)
    expect(matchNamedOrders(2, carrying([2, 1]), [named(1), named(2), left])).toEqual({ missing: left })
  })

  it("carries nothing when nothing was named, and misses the first named order when nothing is carried", () => {
    expect(matchNamedOrders(0, carrying([]), [])).toEqual({ matched: [] })
    expect(matchNamedOrders(1, carrying([1]), [])).toEqual({ stranger: 0 })
    const first = named(1)
    expect(matchNamedOrders(0, carrying([]), [first, named(2)])).toEqual({ missing: first })
  })
})
