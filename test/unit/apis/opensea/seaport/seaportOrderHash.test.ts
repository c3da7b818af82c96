/**
 * Seaport's order hash, held to seaport-js's `getOrderHash` (which OpenSea's SDK names orders with): the same hash
 * for every kind of order, at any counter, and for a fulfilment's order only over the items its offerer signed.
 */
import { describe, expect, it } from "@effect/vitest"
import { zeroAddress } from "viem"
import { orderHashOf, seaportOrderHash } from "../../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import { collectionOffer, creator, itemOffer, listing, parametersOf, stranger } from "./fixtures.js"
import { seaportJsOrderHash as theirs } from "./seaportJs.js"

describe("seaportOrderHash", () => {
  it.each([
    ["a listing", listing()],
    ["a listing in an ERC-20", listing({}, "0x5555555555555555555555555555555555555555")],
    ["an item offer", itemOffer()],
    ["a collection offer", collectionOffer()],
    ["an order at a later counter", listing({ counter: 12n })],
    ["an empty order", listing({ offer: [], consideration: [], salt: 0n })],
  ])("is seaport-js's hash of %s", (_, components) => {
    expect(seaportOrderHash(components)).toBe(theirs(components))
  })

  it("changes with any signed field, here a fee's recipient", () => {
    const honest = listing()
    const [paid, fee] = honest.consideration
    const redirected = listing({ consideration: [paid!, { ...fee!, recipient: stranger }] })
    expect(seaportOrderHash(redirected)).not.toBe(seaportOrderHash(honest))
    expect(seaportOrderHash(redirected)).toBe(theirs(redirected))
  })
})

describe("orderHashOf", () => {
  it("is the hash of the carried order at the given counter", () => {
    const order = listing({ counter: 0n })
    expect(orderHashOf(parametersOf(order), 0n)).toBe(theirs(order))
    expect(orderHashOf(parametersOf(order), 3n)).toBe(theirs({ ...order, counter: 3n }))
  })

  it("leaves the fulfiller's tips out: only the signed consideration items are hashed", () => {
    const order = itemOffer()
    const tip = { ...order.consideration[1]!, recipient: creator, token: zeroAddress, itemType: 0 }
    expect(orderHashOf(parametersOf(order, [tip, tip]), 0n)).toBe(theirs(order))
  })

  it("hashes a signed item moved into the tips as another order", () => {
    const order = listing()
    const [paid, fee] = order.consideration
    const fewer = { ...parametersOf(order), consideration: [paid!, fee!], totalOriginalConsiderationItems: 1n }
    expect(orderHashOf(fewer, 0n)).toBe(theirs({ ...order, consideration: [paid!] }))
    expect(orderHashOf(fewer, 0n)).not.toBe(theirs(order))
  })
})
