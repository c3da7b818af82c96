/**
 * The devnet's collections as OpenSea sees them: a slug per NFT contract of the Seaport chain, and the fees a
 * collection requires: OpenSea's own 1 % fee on every collection (as on OpenSea since 2025-09-15), and on Devnet
 * Punks a 2.5 % creator fee too.
 */
import type { Address } from "viem"
import type { Catalog } from "../core/catalog.js"

/** A fee of a collection, as OpenSea's `fees` list has it. */
export interface CollectionFee {
  readonly recipient: Address
  readonly basisPoints: bigint
  /** A required fee must be in every order of the collection; the post routes refuse an order without it. */
  readonly required: boolean
}

/** One collection. */
export interface OpenSeaCollection {
  readonly slug: string
  readonly chainId: number
  readonly contract: Address
  readonly name: string
  readonly standard: "erc721" | "erc1155"
  readonly fees: ReadonlyArray<CollectionFee>
}

/** The required creator fee of Devnet Punks, in basis points. */
export const PUNKS_CREATOR_FEE_BPS = 250n

/** OpenSea's fee recipient and its fee in basis points (opensea-js `OPENSEA_FEE_RECIPIENT`; 1 % since 2025-09-15). */
export const OPENSEA_FEE_RECIPIENT: Address = "0x0000a26b00c1F0DF003000390027140000fAa719"
export const OPENSEA_FEE_BPS = 100n

/** The slug of a collection name ("Devnet Punks" -> "devnet-punks"). */
export const slugOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, "-")

/** The OpenSea collections of the chain `chainId`: every collection the catalog has there. */
export function openSeaCollections(
  catalog: Catalog,
  chainId: number,
  punks: Address,
  creator: Address,
): ReadonlyArray<OpenSeaCollection> {
  return catalog.collectionsOn(chainId).map((c) => ({
    slug: slugOf(c.name),
    chainId,
    contract: c.address,
    name: c.name,
    standard: c.kind,
    fees: [
      ...(c.address === punks ? [{ recipient: creator, basisPoints: PUNKS_CREATOR_FEE_BPS, required: true }] : []),
      { recipient: OPENSEA_FEE_RECIPIENT, basisPoints: OPENSEA_FEE_BPS, required: true },
    ],
  }))
}
