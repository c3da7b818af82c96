/**
 * What the devnet knows about its chains without asking them: the collections it trades (kind, name,
 * symbol), the currencies it accepts, and the attributes of the seeded tokens.
 */
import { type Address, getAddress, zeroAddress } from "viem"
import { collectionParams, type DevnetContracts } from "../chain/deploy.js"

/** A collection the devnet indexes and trades. */
export interface CollectionInfo {
  readonly chainId: number
  readonly address: Address
  readonly kind: "erc721" | "erc1155"
  readonly name: string
  readonly symbol: string
  /** Public mint price per token (ERC-721 collections only). */
  readonly mintPrice?: bigint
}

/** A currency the devnet accepts. */
export interface CurrencyInfo {
  readonly chainId: number
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  /** An approval of it must go back to zero before it is raised (USDT's rule): a purchase resets it first. */
  readonly zeroResetApproval?: boolean
}

/** A token attribute, as the read endpoints show it and attribute bids select it. */
export interface Attribute {
  readonly key: string
  readonly value: string
}

const backgrounds = ["Blue", "Red", "Green"] as const

/**
 * Attributes of a Devnet Punks token: derived from its id, so every token has them without any metadata
 * server. "Type" is rare on purpose (every fifth token is an Alien), which makes attribute bids selective.
 */
export function punkAttributes(tokenId: bigint): ReadonlyArray<Attribute> {
  return [
    { key: "Background", value: backgrounds[Number(tokenId % 3n)]! },
    { key: "Type", value: tokenId % 5n === 0n ? "Alien" : "Human" },
  ]
}

/** The registry of collections and currencies of a running devnet. */
export class Catalog {
  private readonly collections = new Map<string, CollectionInfo>()
  private readonly currencies = new Map<string, CurrencyInfo>()

  constructor(readonly contracts: DevnetContracts) {
    const { origin, destination } = contracts
    const { punks, drops, editions, destinationPunks } = collectionParams
    this.addCollection({
      chainId: origin.chainId,
      address: origin.punks,
      kind: "erc721",
      name: punks.name,
      symbol: punks.symbol,
      mintPrice: punks.mintPrice,
    })
    this.addCollection({
      chainId: origin.chainId,
      address: origin.drops,
      kind: "erc721",
      name: drops.name,
      symbol: drops.symbol,
      mintPrice: drops.mintPrice,
    })
    this.addCollection({
      chainId: origin.chainId,
      address: origin.editions,
      kind: "erc1155",
      name: editions.name,
      symbol: editions.symbol,
    })
    this.addCollection({
      chainId: destination.chainId,
      address: destination.punks,
      kind: "erc721",
      name: destinationPunks.name,
      symbol: destinationPunks.symbol,
      mintPrice: destinationPunks.mintPrice,
    })
    for (const chainId of [origin.chainId, destination.chainId]) {
      this.addCurrency({ chainId, address: zeroAddress, symbol: "ETH", name: "Ether", decimals: 18 })
    }
    this.addCurrency({
      chainId: origin.chainId,
      address: origin.weth,
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    })
    this.addCurrency({ chainId: origin.chainId, address: origin.usdc, symbol: "USDC", name: "USD Coin", decimals: 6 })
    this.addCurrency({
      chainId: origin.chainId,
      address: origin.usdt,
      symbol: "USDT",
      name: "Tether USD",
      decimals: 6,
      zeroResetApproval: true,
    })
    this.addCurrency({
      chainId: destination.chainId,
      address: destination.weth,
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    })
  }

  private addCollection(info: CollectionInfo): void {
    this.collections.set(key(info.chainId, info.address), info)
  }

  private addCurrency(info: CurrencyInfo): void {
    this.currencies.set(key(info.chainId, info.address), info)
  }

  collection(chainId: number, address: string): CollectionInfo | undefined {
    return this.collections.get(key(chainId, address))
  }

  collectionsOn(chainId: number): ReadonlyArray<CollectionInfo> {
    return [...this.collections.values()].filter((c) => c.chainId === chainId)
  }

  currency(chainId: number, address: string): CurrencyInfo | undefined {
    return this.currencies.get(key(chainId, address))
  }

  /** The wrapped native currency of a chain (what bids default to). */
  weth(chainId: number): CurrencyInfo | undefined {
    const address =
      chainId === this.contracts.origin.chainId ? this.contracts.origin.weth : this.contracts.destination.weth
    return this.currency(chainId, address)
  }

  attributes(chainId: number, collection: string, tokenId: bigint): ReadonlyArray<Attribute> {
    const isPunks = chainId === this.contracts.origin.chainId && getAddress(collection) === this.contracts.origin.punks
    return isPunks ? punkAttributes(tokenId) : []
  }
}

function key(chainId: number, address: string): string {
  return `${chainId}:${address.toLowerCase()}`
}
