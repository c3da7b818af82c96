import {
  concat,
  type Hex,
  hexToNumber,
  keccak256,
  numberToHex,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  size,
  slice,
  zeroAddress,
  zeroHash,
} from "viem"
import { ORDER_COMPONENTS_TYPES } from "./eip712Types.js"
import type { OrderComponents } from "./SeaportOrder.js"
import { seaportOrderHash } from "./seaportOrderHash.js"

/**
 * Seaport's bulk orders: one signature over an EIP-712 `BulkOrder { OrderComponents[2]…[2] tree }`, a complete
 * binary merkle tree of order hashes (left and right as they stand, never sorted), padded with the empty order.
 * Each order is then posted with the signature, its 3-byte index and its proof, as seaport-js encodes it
 * (`src/utils/eip712/bulk-orders.ts`, `Eip712MerkleTree.ts`) and Seaport 1.6 verifies it (`_computeBulkOrderProof`).
 */

/** The highest tree Seaport verifies: 2^24 orders. */
export const MAX_BULK_ORDER_HEIGHT = 24

/** The tree's height for `count` orders: ceil(log2(count)), at least 1 (seaport-js `getBulkOrderTreeHeight`). */
export const bulkOrderHeight = (count: number): number => Math.max(Math.ceil(Math.log2(count)), 1)

/** The empty order that pads a tree to its full size: every field zero, no items (seaport-js's `DefaultGetter`). */
export const EMPTY_ORDER: OrderComponents = {
  offerer: zeroAddress,
  zone: zeroAddress,
  offer: [],
  consideration: [],
  orderType: 0,
  startTime: 0n,
  endTime: 0n,
  zoneHash: zeroHash,
  salt: 0n,
  conduitKey: zeroHash,
  counter: 0n,
}

/** The EIP-712 types of a `BulkOrder` of `height`. */
export const bulkOrderTypes = (height: number) => ({
  BulkOrder: [{ name: "tree", type: `OrderComponents${"[2]".repeat(height)}` }],
  ...ORDER_COMPONENTS_TYPES,
})

/** The leaves of the tree of `orders`: their order hashes, padded with the empty order's to 2^height. */
export const bulkOrderLeaves = (orders: ReadonlyArray<OrderComponents>, height: number): ReadonlyArray<Hex> => {
  const empty = seaportOrderHash(EMPTY_ORDER)
  return Array.from({ length: 2 ** height }, (_, index) =>
    index < orders.length ? seaportOrderHash(orders[index]!) : empty,
  )
}

/** The layers of the tree, leaves first, the root last: each node the keccak of its left and right children. */
const layersOf = (leaves: ReadonlyArray<Hex>): ReadonlyArray<ReadonlyArray<Hex>> => {
  const layers = [leaves]
  while (layers[layers.length - 1]!.length > 1) {
    const below = layers[layers.length - 1]!
    layers.push(
      Array.from({ length: below.length / 2 }, (_, index) =>
        keccak256(concat([below[2 * index]!, below[2 * index + 1]!])),
      ),
    )
  }
  return layers
}

/** The root of a complete tree of `leaves`. */
export const bulkOrderRoot = (leaves: ReadonlyArray<Hex>): Hex => layersOf(leaves).at(-1)![0]!

/** The proof of the leaf at `index`: its sibling at every level, from the bottom up. */
export const bulkOrderProof = (leaves: ReadonlyArray<Hex>, index: number): ReadonlyArray<Hex> =>
  layersOf(leaves)
    .slice(0, -1)
    .map((layer, level) => layer[(index >> level) ^ 1]!)

/**
 * A wallet's 65-byte signature in EIP-2098's 64 bytes (yParity in `s`'s top bit), as seaport-js's `signBulkOrders`
 * posts it; Seaport 1.6 reads both. Any other signature stays as it is: one whose `v` is not a parity cannot be
 * compacted, and Seaport refuses it either way.
 */
const compactSignature = (signature: Hex): Hex => {
  if (size(signature) !== 65 || ![0, 1, 27, 28].includes(hexToNumber(slice(signature, 64)))) return signature
  return serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)))
}

/**
 * The signature an order of a bulk signature is posted with: the tree's signature (compacted to 64 bytes), the
 * order's 3-byte index, its proof.
 */
export const bulkOrderSignature = (signature: Hex, index: number, proof: ReadonlyArray<Hex>): Hex =>
  concat([compactSignature(signature), numberToHex(index, { size: 3 }), ...proof])

/** The `tree` value a wallet signs: the orders (padded with the empty order) nested in pairs, `height` deep. */
export const bulkOrderTree = <A>(orders: ReadonlyArray<A>, empty: A, height: number): unknown => {
  let layer: ReadonlyArray<unknown> = Array.from({ length: 2 ** height }, (_, index) =>
    index < orders.length ? orders[index] : empty,
  )
  while (layer.length > 2)
    layer = Array.from({ length: layer.length / 2 }, (_, index) => [layer[2 * index], layer[2 * index + 1]])
  return layer
}
