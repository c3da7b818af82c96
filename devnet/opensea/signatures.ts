/**
 * Checks a maker's signature the way Seaport 1.6 does (`Verifiers._verifySignature`), so the devnet takes exactly
 * what OpenSea's own clients send and Seaport would accept: a 65-byte signature (v 27 or 28), an EIP-2098 compact
 * 64-byte one (seaport-js and opensea-js compact every signature), or a bulk-order signature — the 64/65-byte
 * signature of a `BulkOrder` merkle tree (height 1 to 24), then the order's 3-byte index and the proof. An offerer
 * with code is asked through EIP-1271 `isValidSignature(digest of the order itself, the whole signature)`.
 */
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
  type PublicClient,
  parseCompactSignature,
  recoverAddress,
  serializeSignature,
  stringToHex,
} from "viem"
import { orderTypes } from "./seaport.js"

const eip1271Abi = [
  {
    type: "function",
    name: "isValidSignature",
    stateMutability: "view",
    inputs: [
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "", type: "bytes4" }],
  },
] as const

const typeString = (name: keyof typeof orderTypes): string =>
  `${name}(${orderTypes[name].map((field) => `${field.type} ${field.name}`).join(",")})`

/** The EIP-712 type hash of Seaport's `BulkOrder` of a tree of `height` (referenced types sorted by name, as EIP-712 has it). */
export function bulkOrderTypeHash(height: number): Hex {
  const referenced = (["ConsiderationItem", "OfferItem", "OrderComponents"] as const).map(typeString).join("")
  return keccak256(stringToHex(`BulkOrder(OrderComponents${"[2]".repeat(height)} tree)${referenced}`))
}

/** The EIP-712 digest of a struct hash in Seaport's domain. */
export function seaportDigest(chainId: number, seaport: Address, structHash: Hex): Hex {
  return keccak256(
    concat([
      "0x1901",
      domainSeparator({ domain: { name: "Seaport", version: "1.6", chainId, verifyingContract: seaport } }),
      structHash,
    ]),
  )
}

/** What a signature signs: its digest, and the bare ECDSA signature (64 or 65 bytes) to recover from it. */
interface Signed {
  readonly digest: Hex
  readonly ecdsa: Uint8Array
}

/**
 * The digest and ECDSA part of a signature over `structHash`, or why it has none. A bulk signature's digest is that of
 * the tree's root: the leaf (the order hash) hashed up the proof, left or right by the index's bits from the bottom.
 */
function signed(
  chainId: number,
  seaport: Address,
  structHash: Hex,
  signature: Uint8Array,
  bulk: boolean,
): Signed | string {
  const length = signature.length
  if (length === 64 || length === 65) return { digest: seaportDigest(chainId, seaport, structHash), ecdsa: signature }
  const height = Math.floor((length - 67) / 32)
  const isBulk = length >= 99 && (length - 67) % 32 < 2 && height >= 1 && height <= 24
  if (!bulk || !isBulk) {
    return bulk
      ? `a signature must be 64 or 65 bytes, or a bulk-order signature (64 or 65 + 3 + 32 × height bytes, height 1 to 24); got ${length} bytes`
      : `a signature must be 64 or 65 bytes; got ${length} bytes`
  }
  const ecdsaLength = length % 2 === 1 ? 64 : 65
  const key = (signature[ecdsaLength]! << 16) | (signature[ecdsaLength + 1]! << 8) | signature[ecdsaLength + 2]!
  let node = structHash
  for (let level = 0; level < height; level++) {
    const start = ecdsaLength + 3 + 32 * level
    const sibling = bytesToHex(signature.subarray(start, start + 32))
    node = keccak256(concat((key >> level) & 1 ? [sibling, node] : [node, sibling]))
  }
  const bulkOrderHash = keccak256(
    encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }], [bulkOrderTypeHash(height), node]),
  )
  return { digest: seaportDigest(chainId, seaport, bulkOrderHash), ecdsa: signature.subarray(0, ecdsaLength) }
}

/** The 65-byte form of an ECDSA signature, or why Seaport's ecrecover would refuse it. */
function expanded(ecdsa: Uint8Array): { readonly signature: Hex } | { readonly refused: string } {
  if (ecdsa.length === 64)
    return { signature: serializeSignature(compactSignatureToSignature(parseCompactSignature(bytesToHex(ecdsa)))) }
  const v = ecdsa[64]!
  if (v !== 27 && v !== 28) return { refused: `the signature's v must be 27 or 28 (Seaport's ecrecover), got ${v}` }
  return { signature: bytesToHex(ecdsa) }
}

/** What {@link verifySeaportSignature} checks. */
export interface SignatureCheck {
  readonly client: PublicClient
  readonly chainId: number
  readonly seaport: Address
  readonly signer: Address
  /** The EIP-712 struct hash signed: the order hash, or an `OrderHash` struct's hash for a cancel. */
  readonly structHash: Hex
  readonly signature: Hex
  /** Whether a bulk-order signature is acceptable (an order; not a cancel). */
  readonly bulk: boolean
}

/** Undefined when `signer` signed `structHash` as Seaport would accept it, else the reason it did not. */
export async function verifySeaportSignature(check: SignatureCheck): Promise<string | undefined> {
  const { client, chainId, seaport, signer, structHash, signature, bulk } = check
  const found = signed(chainId, seaport, structHash, hexToBytes(signature), bulk)
  if (typeof found === "string") return found
  const full = expanded(found.ecdsa)
  if ("signature" in full) {
    const recovered = await recoverAddress({ hash: found.digest, signature: full.signature }).catch(() => undefined)
    if (recovered !== undefined && recovered.toLowerCase() === signer.toLowerCase()) return undefined
  }
  const code = await client.getCode({ address: signer })
  if (code !== undefined && code !== "0x") {
    const magic = await client
      .readContract({
        address: signer,
        abi: eip1271Abi,
        functionName: "isValidSignature",
        args: [seaportDigest(chainId, seaport, structHash), signature],
      })
      .catch(() => undefined)
    if (magic === "0x1626ba7e") return undefined
  }
  return "refused" in full ? full.refused : `not signed by ${signer}`
}
