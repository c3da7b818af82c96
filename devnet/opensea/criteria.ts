/**
 * Trait criteria as OpenSea builds them for Seaport: the merkle tree over the ids of the tokens with a trait, as
 * seaport-js builds it (leaves keccak256 of each id as a 32-byte word, sorted; pairs hashed smaller first; an odd
 * node carried up), whose root is a trait offer's `identifierOrCriteria` and whose proofs Seaport 1.6 verifies.
 */
import { encodePacked, type Hex, keccak256 } from "viem"

/** A trait as OpenSea's criteria name it. */
export interface TraitCriteria {
  readonly type: string
  readonly value: string
}

/** A numeric trait as OpenSea's criteria name it (`NumericTraitCriteria`): a range, either bound open. */
export interface NumericTraitCriteria {
  readonly type: string
  readonly min?: number | undefined
  readonly max?: number | undefined
}

/**
 * The numeric traits of a Devnet Punks token on OpenSea: its Level, 1 to 10 from its id (`id % 10 + 1`), shown by the
 * get-NFT route with `display_type: "number"` as OpenSea shows numeric traits.
 */
export const punkLevel = (tokenId: bigint): number => Number(tokenId % 10n) + 1

/** Whether `value` lies within `range`, bounds included. */
export const withinRange = (value: number | undefined, range: NumericTraitCriteria): boolean =>
  value !== undefined &&
  (range.min === undefined || value >= range.min) &&
  (range.max === undefined || value <= range.max)

const leaf = (id: bigint): Hex => keccak256(encodePacked(["uint256"], [id]))

const hashPair = (a: Hex, b: Hex): Hex =>
  BigInt(a) < BigInt(b)
    ? keccak256(encodePacked(["bytes32", "bytes32"], [a, b]))
    : keccak256(encodePacked(["bytes32", "bytes32"], [b, a]))

/** The layers of the tree over `ids`, leaves first. */
function layersOf(ids: ReadonlyArray<bigint>): ReadonlyArray<ReadonlyArray<Hex>> {
  const leaves = [...new Set(ids)]
    .map(leaf)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0))
  const layers: Array<ReadonlyArray<Hex>> = [leaves]
  while (layers[layers.length - 1]!.length > 1) {
    const below = layers[layers.length - 1]!
    const above: Array<Hex> = []
    for (let i = 0; i < below.length; i += 2)
      above.push(i + 1 < below.length ? hashPair(below[i]!, below[i + 1]!) : below[i]!)
    layers.push(above)
  }
  return layers
}

/** The criteria root of `ids` (a trait offer's `identifierOrCriteria`), as a decimal-ready bigint. */
export function criteriaRoot(ids: ReadonlyArray<bigint>): bigint {
  if (ids.length === 0) throw new Error("no token to build a criteria root over")
  const layers = layersOf(ids)
  return BigInt(layers[layers.length - 1]![0]!)
}

/** The proof of `id` in the tree over `ids` (Seaport's `criteriaProof`), or undefined when `id` is not among them. */
export function criteriaProof(ids: ReadonlyArray<bigint>, id: bigint): ReadonlyArray<Hex> | undefined {
  const layers = layersOf(ids)
  let index = layers[0]!.indexOf(leaf(id))
  if (index < 0) return undefined
  const proof: Array<Hex> = []
  for (const layer of layers.slice(0, -1)) {
    const sibling = index % 2 === 0 ? layer[index + 1] : layer[index - 1]
    if (sibling !== undefined) proof.push(sibling)
    index = Math.floor(index / 2)
  }
  return proof
}
