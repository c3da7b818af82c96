/**
 * What an account signs to have a batch submitted and paid by someone else (the sponsor of a paymaster
 * service): BatchExecutor's EIP-712 `SponsoredBatch` — the calls, the account's next sponsored nonce and the
 * submitter — on a domain that names the chain and the account itself. Browser-safe (viem only).
 */
import { type Address, type Hex, keccak256, type PublicClient, type TypedDataDefinition, toHex } from "viem"

/** The storage slot of the account's next sponsored-batch nonce (BatchExecutor's `NONCE_SLOT`). */
export const SPONSORED_NONCE_SLOT: Hex = keccak256(toHex("tradekit.devnet.BatchExecutor.sponsoredNonce"))

/** One call of a batch, as BatchExecutor takes it. */
export interface BatchCall {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

const types = {
  SponsoredBatch: [
    { name: "calls", type: "Call[]" },
    { name: "nonce", type: "uint256" },
    { name: "submitter", type: "address" },
  ],
  Call: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
  ],
} as const

/** The typed data `account` signs so that `submitter` may run `calls` for it on `chainId` with `nonce`. */
export function sponsoredBatchTypedData(args: {
  readonly account: Address
  readonly chainId: number
  readonly calls: ReadonlyArray<BatchCall>
  readonly nonce: bigint
  readonly submitter: Address
}): TypedDataDefinition<typeof types, "SponsoredBatch"> {
  return {
    domain: { name: "BatchExecutor", version: "1", chainId: args.chainId, verifyingContract: args.account },
    types,
    primaryType: "SponsoredBatch",
    message: { calls: args.calls.map((c) => ({ ...c })), nonce: args.nonce, submitter: args.submitter },
  }
}

/** The account's next sponsored-batch nonce, read from its storage (0 before its first, delegated or not). */
export async function sponsoredNonce(client: PublicClient, account: Address): Promise<bigint> {
  const stored = await client.getStorageAt({ address: account, slot: SPONSORED_NONCE_SLOT })
  return stored === undefined || stored === "0x" ? 0n : BigInt(stored)
}
