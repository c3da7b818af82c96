/**
 * Off-chain side of the devnet Exchange (devnet/contracts/Exchange.sol): the order type, its EIP-712
 * domain and types, the order hash (equal to the contract's `hashOrder`), signing, and the token-set merkle
 * tree used by token-set bids.
 */
import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  hashTypedData,
  keccak256,
  type LocalAccount,
  type TypedDataDomain,
  zeroAddress,
  zeroHash,
} from "viem"

/** Order side: a listing (ask) sells the maker's NFT, a bid buys one with the maker's ERC-20. */
export const OrderSide = { Listing: 0, Bid: 1 } as const
/** @see OrderSide */
export type OrderSide = (typeof OrderSide)[keyof typeof OrderSide]

/** Token standard of the order's collection. */
export const TokenKind = { ERC721: 0, ERC1155: 1 } as const
/** @see TokenKind */
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind]

/** Which tokens satisfy the order. Listings are always `Single`; bids may use all three. */
export const Criteria = { Single: 0, Collection: 1, TokenSet: 2 } as const
/** @see Criteria */
export type Criteria = (typeof Criteria)[keyof typeof Criteria]

/** A marketplace fee or royalty of an order: `amount` of the order's currency, paid to `recipient` out of the price. */
export interface Fee {
  readonly recipient: Address
  readonly amount: bigint
}

/**
 * An Exchange order, field for field the Solidity struct (same order, same types as viem maps them:
 * uint8 -> number, uint256 -> bigint), so it can be passed straight to the contract functions.
 */
export interface Order {
  readonly side: OrderSide
  readonly maker: Address
  /** ERC-721 or ERC-1155 contract. */
  readonly collection: Address
  readonly tokenKind: TokenKind
  /** Ignored by the contract for collection and token-set bids (keep it 0n there). */
  readonly tokenId: bigint
  /** Quantity; 1n for ERC-721. The whole amount is filled at once. */
  readonly amount: bigint
  /** zeroAddress = native ETH (listings only); bids need an ERC-20 (WETH, USDC). */
  readonly currency: Address
  /** Total price for `amount`, in the currency's smallest unit. */
  readonly price: bigint
  readonly criteria: Criteria
  /** Merkle root from {@link tokenSetRoot} for token-set bids; zeroHash otherwise. */
  readonly tokenSetRoot: Hex
  /** Unix seconds; 0n = never expires. */
  readonly expiry: bigint
  /** Void once the maker's on-chain `nonces` counter exceeds it (see Exchange.incrementNonce). */
  readonly nonce: bigint
  /** Distinguishes otherwise identical orders. */
  readonly salt: bigint
  /** Paid out of `price` when the order is filled; the seller receives the rest. */
  readonly fees: ReadonlyArray<Fee>
}

/** EIP-712 types of the Exchange order; the field order is part of the hash, keep it equal to the contract's. */
export const orderTypes = {
  Order: [
    { name: "side", type: "uint8" },
    { name: "maker", type: "address" },
    { name: "collection", type: "address" },
    { name: "tokenKind", type: "uint8" },
    { name: "tokenId", type: "uint256" },
    { name: "amount", type: "uint256" },
    { name: "currency", type: "address" },
    { name: "price", type: "uint256" },
    { name: "criteria", type: "uint8" },
    { name: "tokenSetRoot", type: "bytes32" },
    { name: "expiry", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "salt", type: "uint256" },
    { name: "fees", type: "Fee[]" },
  ],
  Fee: [
    { name: "recipient", type: "address" },
    { name: "amount", type: "uint256" },
  ],
} as const

/** EIP-712 domain of the Exchange deployed at `exchange` on `chainId`. */
export function exchangeDomain(chainId: number, exchange: Address) {
  return {
    name: "TradekitExchange",
    version: "1",
    chainId,
    verifyingContract: exchange,
  } as const satisfies TypedDataDomain
}

/**
 * Complete typed-data payload for an order, ready for any signer's `signTypedData` (a viem WalletClient,
 * a LocalAccount, or the JSON the aggregator puts in a signature step).
 */
export function orderTypedData(chainId: number, exchange: Address, order: Order) {
  return {
    domain: exchangeDomain(chainId, exchange),
    types: orderTypes,
    primaryType: "Order",
    message: order,
  } as const
}

/** The order id: the EIP-712 digest the maker signs, equal to `Exchange.hashOrder(order)`. */
export function orderHash(chainId: number, exchange: Address, order: Order): Hex {
  return hashTypedData(orderTypedData(chainId, exchange, order))
}

/** Signs an order with a local account (65-byte r,s,v signature, as the Exchange expects). */
export function signOrder(account: LocalAccount, chainId: number, exchange: Address, order: Order): Promise<Hex> {
  return account.signTypedData(orderTypedData(chainId, exchange, order))
}

/** Fields of {@link buildOrder} that have sensible defaults. */
export type OrderDefaults =
  | "tokenKind"
  | "tokenId"
  | "amount"
  | "currency"
  | "criteria"
  | "tokenSetRoot"
  | "expiry"
  | "nonce"
  | "salt"
  | "fees"

/**
 * Builds an order with defaults: ERC-721, single token, amount 1, native currency, no expiry, nonce 0, no fees
 * and a random 64-bit salt (so two calls never produce the same order hash).
 */
export function buildOrder(fields: Omit<Order, OrderDefaults> & Partial<Pick<Order, OrderDefaults>>): Order {
  return {
    tokenKind: TokenKind.ERC721,
    tokenId: 0n,
    amount: 1n,
    currency: zeroAddress,
    criteria: Criteria.Single,
    tokenSetRoot: zeroHash,
    expiry: 0n,
    nonce: 0n,
    salt: randomSalt(),
    fees: [],
    ...fields,
  }
}

function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n)
}

// ---------------------------------------------------------------- token-set merkle tree
//
// leaf = keccak256(abi.encode(uint256 tokenId)); parent = keccak256(min(a, b) ++ max(a, b)). Sorted pairs
// make proofs position-free, which is what the contract's _verifyProof assumes. Leaves are deduplicated and
// sorted so the same set always gives the same root; an odd node at a level is carried up unchanged.

/** Merkle leaf of a token id, as hashed by the Exchange. */
export function tokenSetLeaf(tokenId: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "uint256" }], [tokenId]))
}

function hashPair(a: Hex, b: Hex): Hex {
  return BigInt(a) < BigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]))
}

function levels(tokenIds: ReadonlyArray<bigint>): Hex[][] {
  const unique = [...new Set(tokenIds)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
  if (unique.length === 0) throw new Error("token set is empty")
  const tree: Hex[][] = [unique.map(tokenSetLeaf)]
  while (tree[tree.length - 1]!.length > 1) {
    const level = tree[tree.length - 1]!
    const next: Hex[] = []
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? hashPair(level[i]!, level[i + 1]!) : level[i]!)
    }
    tree.push(next)
  }
  return tree
}

/** Merkle root of a token set (order-insensitive, duplicates ignored). A one-token set's root is its leaf. */
export function tokenSetRoot(tokenIds: ReadonlyArray<bigint>): Hex {
  const tree = levels(tokenIds)
  return tree[tree.length - 1]![0]!
}

/** Proof that `tokenId` is in the set, to pass to `Exchange.fillBid`. Throws if it is not a member. */
export function tokenSetProof(tokenIds: ReadonlyArray<bigint>, tokenId: bigint): Hex[] {
  const tree = levels(tokenIds)
  let index = tree[0]!.indexOf(tokenSetLeaf(tokenId))
  if (index < 0) throw new Error(`token ${tokenId} is not in the token set`)
  const proof: Hex[] = []
  for (let depth = 0; depth < tree.length - 1; depth++) {
    const level = tree[depth]!
    const sibling = index % 2 === 0 ? index + 1 : index - 1
    if (sibling < level.length) proof.push(level[sibling]!)
    index = Math.floor(index / 2)
  }
  return proof
}

/** Off-chain mirror of the contract's proof check. */
export function verifyTokenSetProof(root: Hex, tokenId: bigint, proof: ReadonlyArray<Hex>): boolean {
  return proof.reduce<Hex>((node, sibling) => hashPair(node, sibling), tokenSetLeaf(tokenId)) === root
}
