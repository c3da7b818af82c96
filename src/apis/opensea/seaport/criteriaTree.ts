import { concat, type Hex, hexToBigInt, keccak256, numberToHex } from "viem"

/**
 * Seaport's criteria merkle tree: the leaf of a token id is the keccak256 of the id as a 32-byte word, and each
 * pair is hashed smaller first (Seaport 1.6 `CriteriaResolution._verifyProof`; seaport-js builds its trees
 * sorted the same way, an odd node carried up unhashed).
 */
const leafOf = (tokenId: bigint): Hex => keccak256(numberToHex(tokenId, { size: 32 }))

const pairOf = (a: Hex, b: Hex): Hex =>
  hexToBigInt(a) <= hexToBigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]))

/**
 * The criteria root of a set of token ids, as the `identifierOrCriteria` of an offer on exactly those tokens; 0 for
 * none.
 */
export const criteriaRootOf = (tokenIds: ReadonlyArray<bigint>): bigint => {
  let layer = [...new Set(tokenIds)].map(leafOf).sort((a, b) => (hexToBigInt(a) < hexToBigInt(b) ? -1 : 1))
  if (layer.length === 0) return 0n
  while (layer.length > 1) {
    const next: Array<Hex> = []
    for (let i = 0; i < layer.length; i += 2)
      next.push(i + 1 < layer.length ? pairOf(layer[i]!, layer[i + 1]!) : layer[i]!)
    layer = next
  }
  return hexToBigInt(layer[0]!)
}

/**
 * Whether `proof` proves `tokenId` against `root` as Seaport verifies it on chain (a root of 0 takes any token, with no
 * proof).
 */
export const provesCriteria = (root: bigint, tokenId: bigint, proof: ReadonlyArray<Hex>): boolean => {
  if (root === 0n) return proof.length === 0
  const computed = proof.reduce<Hex>((hash, sibling) => pairOf(hash, sibling), leafOf(tokenId))
  return hexToBigInt(computed) === root
}
