import {
  type Address,
  bytesToHex,
  compactSignatureToSignature,
  concat,
  domainSeparator,
  encodeAbiParameters,
  type Hex,
  hexToBytes,
  keccak256,
  parseCompactSignature,
  recoverAddress,
  serializeSignature,
  type TypedDataDomain,
  toHex,
} from "viem"
import { ORDER_COMPONENTS_TYPES } from "../../apis/opensea/seaport/eip712Types.js"

/** The EIP-712 type string of one of the order structs. */
const structType = (name: keyof typeof ORDER_COMPONENTS_TYPES) =>
  `${name}(${ORDER_COMPONENTS_TYPES[name].map((field) => `${field.type} ${field.name}`).join(",")})`

/** The highest tree Seaport 1.6 reads: 2^24 orders. */
const MAX_HEIGHT = 24

/**
 * Whether `signature` is `offerer`'s Seaport bulk signature of the order `orderHash` under `domain`, as Seaport 1.6
 * reads one (`_isValidBulkOrderSize`, `_computeBulkOrderProof`): the 64- or 65-byte signature of a `BulkOrder` tree,
 * a 3-byte index and the proof, hashed up from the leaf by the index's bits. Written apart from tradekit's own bulk
 * signer, so that the fake OpenSea checks tradekit's trees as Seaport would.
 *
 * @example
 * const valid = await isBulkSignatureOf(domain, maker.address, orderHash, postedSignature)
 */
export const isBulkSignatureOf = async (
  domain: TypedDataDomain,
  offerer: Address,
  orderHash: Hex,
  signature: Hex,
): Promise<boolean> => {
  const bytes = hexToBytes(signature)
  // (length - 3) mod 32 is 0 (a 64-byte EIP-2098 signature) or 1 (65 bytes).
  if (bytes.length < 99 || (bytes.length - 3) % 32 > 1) return false
  const ecdsa = (bytes.length - 3) % 32 === 0 ? 64 : 65
  const height = (bytes.length - ecdsa - 3) / 32
  if (height > MAX_HEIGHT) return false
  const index = (bytes[ecdsa]! << 16) | (bytes[ecdsa + 1]! << 8) | bytes[ecdsa + 2]!
  let node = orderHash
  for (let level = 0; level < height; level++) {
    const sibling = bytesToHex(bytes.subarray(ecdsa + 3 + 32 * level, ecdsa + 35 + 32 * level))
    node = keccak256(concat((index >> level) & 1 ? [sibling, node] : [node, sibling]))
  }
  const structs = `${structType("ConsiderationItem")}${structType("OfferItem")}${structType("OrderComponents")}`
  const typeHash = keccak256(toHex(`BulkOrder(OrderComponents${"[2]".repeat(height)} tree)${structs}`))
  const bulkOrderHash = keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }], [typeHash, node]))
  const digest = keccak256(concat(["0x1901", domainSeparator({ domain }), bulkOrderHash]))
  const raw = bytesToHex(bytes.subarray(0, ecdsa))
  // viem recovers from 65 bytes only: a compact signature is expanded as Seaport's ecrecover reads it.
  const full = ecdsa === 64 ? serializeSignature(compactSignatureToSignature(parseCompactSignature(raw))) : raw
  const recovered = await recoverAddress({ hash: digest, signature: full }).catch(() => undefined)
  return recovered !== undefined && recovered.toLowerCase() === offerer.toLowerCase()
}
