/**
 * Seaport's criteria trees, held to seaport-js's `MerkleTree` (what OpenSea's SDK builds trait and set offers with):
 * the same root for a set of token ids, and the proofs it hands out verify against it as Seaport would.
 */
import { describe, expect, it } from "@effect/vitest"
import { MerkleTree } from "@opensea/seaport-js/lib/utils/merkletree.js"
import { type Hex, hexToBigInt } from "viem"
import { criteriaRootOf, provesCriteria } from "../../../../../src/apis/opensea/seaport/criteriaTree.js"

const theirs = (tokenIds: ReadonlyArray<bigint>) => new MerkleTree(tokenIds.map(String))
const proofOf = (tokenIds: ReadonlyArray<bigint>, tokenId: bigint) =>
  theirs(tokenIds).getProof(tokenId.toString()) as Array<Hex>

const SETS: ReadonlyArray<ReadonlyArray<bigint>> = [
  [7n],
  [1n, 2n],
  [3n, 1n, 2n],
  [10n, 20n, 30n, 40n, 50n],
  [0n, 2n ** 256n - 1n, 42n, 9_999n, 123_456_789n, 5n, 6n],
]

describe("criteriaRootOf", () => {
  it.each(SETS.map((set) => [set.length, set] as const))("is seaport-js's root of %i token ids", (_, tokenIds) => {
    expect(criteriaRootOf(tokenIds)).toBe(hexToBigInt(theirs(tokenIds).getRoot() as Hex))
  })

  it("does not depend on the order the ids come in, nor on repeats", () => {
    expect(criteriaRootOf([3n, 1n, 2n])).toBe(criteriaRootOf([1n, 2n, 3n]))
    expect(criteriaRootOf([1n, 2n, 2n, 3n, 1n])).toBe(criteriaRootOf([1n, 2n, 3n]))
  })

  it("is 0 for no token ids", () => {
    expect(criteriaRootOf([])).toBe(0n)
  })
})

describe("provesCriteria", () => {
  it("accepts seaport-js's proof of every token of the set", () => {
    for (const tokenIds of SETS) {
      const root = criteriaRootOf(tokenIds)
      for (const tokenId of tokenIds) expect(provesCriteria(root, tokenId, proofOf(tokenIds, tokenId))).toBe(true)
    }
  })

  it("refuses a token outside the set, even with another token's proof", () => {
    const tokenIds = [10n, 20n, 30n, 40n, 50n]
    const root = criteriaRootOf(tokenIds)
    expect(provesCriteria(root, 60n, proofOf(tokenIds, 10n))).toBe(false)
    expect(provesCriteria(root, 60n, [])).toBe(false)
  })

  it("refuses a proof against another set's root", () => {
    const root = criteriaRootOf([10n, 20n, 30n])
    expect(provesCriteria(root, 10n, proofOf([10n, 20n, 31n], 10n))).toBe(false)
  })

  it("refuses a tampered proof", () => {
    const tokenIds = [1n, 2n, 3n, 4n]
    const proof = proofOf(tokenIds, 2n)
    const tampered = [proof[0]!, `0x${"00".repeat(32)}` as Hex]
    expect(provesCriteria(criteriaRootOf(tokenIds), 2n, tampered)).toBe(false)
  })

  it("takes any token against a root of 0, but only with no proof", () => {
    expect(provesCriteria(0n, 12_345n, [])).toBe(true)
    expect(provesCriteria(0n, 12_345n, proofOf([1n, 2n], 1n))).toBe(false)
  })

  it("proves the only token of a one-token set with an empty proof", () => {
    expect(provesCriteria(criteriaRootOf([7n]), 7n, [])).toBe(true)
    expect(provesCriteria(criteriaRootOf([7n]), 8n, [])).toBe(false)
  })
})
