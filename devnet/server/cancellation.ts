/** What an off-chain cancellation signs: the same payload for the step and for the verification. */
import { type Address, concat, type Hex, keccak256, recoverMessageAddress, recoverTypedDataAddress } from "viem"

export type CancellationSignatureKind = "eip191" | "eip712"

/** EIP-712 payload of a cancellation of `orderIds`. */
export function cancellationTypedData(chainId: number, orderIds: ReadonlyArray<Hex>) {
  return {
    domain: { name: "TradekitCancellation", version: "1", chainId },
    types: { OrderHashes: [{ name: "orderHashes", type: "bytes32[]" }] },
    primaryType: "OrderHashes",
    message: { orderHashes: [...orderIds] },
  } as const
}

/** EIP-191 payload: the keccak of the concatenated ids, a 32-byte message the wallet signs as raw bytes. */
export function cancellationDigest(orderIds: ReadonlyArray<Hex>): Hex {
  return keccak256(concat([...orderIds]))
}

/** The `sign` of a cancellation-signature item. */
export function cancellationSign(
  kind: CancellationSignatureKind,
  chainId: number,
  orderIds: ReadonlyArray<Hex>,
): Record<string, unknown> {
  if (kind === "eip191") return { signatureKind: "eip191", message: cancellationDigest(orderIds) }
  const typed = cancellationTypedData(chainId, orderIds)
  return {
    signatureKind: "eip712",
    domain: typed.domain,
    types: typed.types,
    primaryType: typed.primaryType,
    value: typed.message,
  }
}

/** Who signed a cancellation, or undefined when the signature is unreadable. */
export function cancellationSigner(
  kind: CancellationSignatureKind,
  chainId: number,
  orderIds: ReadonlyArray<Hex>,
  signature: Hex,
): Promise<Address | undefined> {
  const recovered =
    kind === "eip191"
      ? recoverMessageAddress({ message: { raw: cancellationDigest(orderIds) }, signature })
      : recoverTypedDataAddress({ ...cancellationTypedData(chainId, orderIds), signature })
  return recovered.catch(() => undefined)
}
