/**
 * The pieces of Seaport's bulk signature, each held to seaport-js (what OpenSea's SDK signs with): the tree's height
 * and types, its padding, its unsorted leaves, the nested value a wallet signs and the signature each order is posted
 * with. (bulkOrders.test.ts drives them together through whole listings.)
 */
import { describe, expect, it } from "@effect/vitest"
import { EIP_712_BULK_ORDER_TYPE } from "@opensea/seaport-js/lib/constants.js"
import { getBulkOrderTree, getBulkOrderTreeHeight } from "@opensea/seaport-js/lib/utils/eip712/bulk-orders.js"
import { concat, type Hex, size, slice, toHex } from "viem"
import {
  bulkOrderHeight,
  bulkOrderLeaves,
  bulkOrderProof,
  bulkOrderRoot,
  bulkOrderSignature,
  bulkOrderTree,
  bulkOrderTypes,
  EMPTY_ORDER,
  MAX_BULK_ORDER_HEIGHT,
} from "../../../../../src/apis/opensea/seaport/bulkOrderTree.js"
import type { OrderComponents } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { listing } from "./fixtures.js"

const orders = (count: number): ReadonlyArray<OrderComponents> =>
  Array.from({ length: count }, (_, index) => listing({ salt: BigInt(100 + index) }))
const theirTree = (components: ReadonlyArray<OrderComponents>) => getBulkOrderTree(components as never)

const sixtyFour = toHex(new Uint8Array(64).fill(7))
const word = (byte: number): Hex => toHex(new Uint8Array(32).fill(byte))

describe("bulkOrderHeight", () => {
  it("is seaport-js's height for every count, at least 1", () => {
    for (const count of [1, 2, 3, 4, 5, 8, 9, 16, 17, 100, 1_000]) {
      expect(bulkOrderHeight(count)).toBe(getBulkOrderTreeHeight(count))
    }
    expect(bulkOrderHeight(1)).toBe(1)
    expect(bulkOrderHeight(2)).toBe(1)
    expect(bulkOrderHeight(3)).toBe(2)
  })

  it("reaches Seaport's highest tree at 2^24 orders, and passes it one order later", () => {
    expect(bulkOrderHeight(2 ** 24)).toBe(MAX_BULK_ORDER_HEIGHT)
    expect(bulkOrderHeight(2 ** 24 + 1)).toBeGreaterThan(MAX_BULK_ORDER_HEIGHT)
  })
})

describe("bulkOrderTypes", () => {
  it("are seaport-js's BulkOrder types at its default height", () => {
    expect(bulkOrderTypes(7)).toEqual(EIP_712_BULK_ORDER_TYPE)
  })

  it("nest OrderComponents in pairs as deep as the tree", () => {
    expect(bulkOrderTypes(1).BulkOrder).toEqual([{ name: "tree", type: "OrderComponents[2]" }])
    expect(bulkOrderTypes(3).BulkOrder).toEqual([{ name: "tree", type: "OrderComponents[2][2][2]" }])
  })
})

describe("bulkOrderLeaves and bulkOrderRoot", () => {
  it("pad with the empty order seaport-js pads with", () => {
    const three = orders(3)
    const leaves = bulkOrderLeaves(three, 2)
    expect(leaves).toEqual(theirTree(three).getCompleteLeaves())
    expect(leaves).toHaveLength(4)
    expect(leaves[3]).toBe(theirTree([EMPTY_ORDER]).getCompleteLeaves()[0])
  })

  it("keep the orders where they stand: swapped orders make another root, as in seaport-js", () => {
    const [a, b] = orders(2)
    const forth = bulkOrderRoot(bulkOrderLeaves([a!, b!], 1))
    const back = bulkOrderRoot(bulkOrderLeaves([b!, a!], 1))
    expect(forth).not.toBe(back)
    expect(forth).toBe(theirTree([a!, b!]).root)
    expect(back).toBe(theirTree([b!, a!]).root)
  })
})

describe("bulkOrderProof", () => {
  it("is seaport-js's proof of every leaf of a deeper tree", () => {
    const six = orders(6)
    const leaves = bulkOrderLeaves(six, 3)
    for (let index = 0; index < 8; index++) {
      expect(bulkOrderProof(leaves, index)).toEqual(theirTree(six).getProof(index).proof)
    }
  })
})

describe("bulkOrderSignature", () => {
  it("compacts a wallet's 65 bytes to EIP-2098's 64, whichever form its v takes", () => {
    const proof = [word(1)]
    const compact = bulkOrderSignature(concat([sixtyFour, "0x1b"]), 0, proof)
    expect(bulkOrderSignature(concat([sixtyFour, "0x00"]), 0, proof)).toBe(compact)
    expect(size(compact)).toBe(64 + 3 + 32)
    // yParity 1 sets the top bit of s, the second word.
    const odd = bulkOrderSignature(concat([sixtyFour, "0x1c"]), 0, proof)
    expect(slice(odd, 32, 33)).toBe("0x87")
    expect(slice(compact, 32, 33)).toBe("0x07")
  })

  it("leaves a signature it cannot compact as it is", () => {
    const strange = concat([sixtyFour, "0x05"])
    expect(bulkOrderSignature(strange, 0, [])).toBe(concat([strange, "0x000000"]))
    expect(bulkOrderSignature(sixtyFour, 0, [])).toBe(concat([sixtyFour, "0x000000"]))
  })

  it("writes the index in 3 bytes, then the proof from the bottom up", () => {
    const signature = bulkOrderSignature(sixtyFour, 0x0a0b0c, [word(1), word(2)])
    expect(slice(signature, 64, 67)).toBe("0x0a0b0c")
    expect(slice(signature, 67)).toBe(concat([word(1), word(2)]))
  })
})

describe("bulkOrderTree", () => {
  it("nests the orders in pairs, left to right, padded with the empty value", () => {
    expect(bulkOrderTree(["a"], "-", 1)).toEqual(["a", "-"])
    expect(bulkOrderTree(["a", "b", "c"], "-", 2)).toEqual([
      ["a", "b"],
      ["c", "-"],
    ])
    expect(bulkOrderTree(["a", "b", "c", "d", "e"], "-", 3)).toEqual([
      [
        ["a", "b"],
        ["c", "d"],
      ],
      [
        ["e", "-"],
        ["-", "-"],
      ],
    ])
  })
})
