/**
 * The devnet's collections as OpenSea sees them: a slug per NFT contract of the Seaport chain, and the fees a
 * collection requires (Devnet Punks: a 2.5 % creator fee that every listing and offer must pay).
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

/** The slug of a collection name ("Devnet Punks" -> "devnet-punks"). */
export const slugOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, "-")

/** The OpenSea collections of the chain `chainId`: every collection the catalog has there. */
export function openSeaCollections(catalog: Catalog, chainId: number, punks: Address, creator: Address): ReadonlyArray<OpenSeaCollection> {
  return catalog.collectionsOn(chainId).map((c) => ({
    slug: slugOf(c.name),
    chainId,
    contract: c.address,
    name: c.name,
    standard: c.kind,
    fees: c.address === punks ? [{ recipient: creator, basisPoints: PUNKS_CREATOR_FEE_BPS, required: true }] : [],
  }))
}
