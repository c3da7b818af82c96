import type { Address, Hex } from "viem"
import type { TradekitBook } from "../../TradekitBook.js"
import { DEFAULT_MAX_FEE_BPS } from "../seaport/checkOrderToSign.js"
import { OPENSEA_CHAINS, type OpenSeaChain } from "./openSeaChains.js"

/**
 * What `openSea(...)` takes: the API key, where the API lives when not OpenSea's own, and the chains' protocol
 * addresses.
 */
export interface OpenSeaOptions {
  /** Sent as `x-api-key` on every OpenSea request; leave it out behind a proxy that adds it (in a browser). */
  readonly apiKey?: string | undefined
  /** `https://api.opensea.io` by default; a path (`/api/opensea`) is resolved against the page's origin. */
  readonly apiBaseUrl?: string | undefined
  /**
   * A chain's entry over the built-in table ({@link OPENSEA_CHAINS}), by chain id: a chain to add, or fields to change.
   */
  readonly chains?: Readonly<Record<number, Partial<OpenSeaChain>>> | undefined
  /** OpenSea's name of a chain by chain id, over the built-in table (the same as `chains: { [id]: { name } }`). */
  readonly chainNames?: Readonly<Record<number, string>> | undefined
  /** The Seaport 1.6 contract on every chain, over the table (a deployment of your own, such as the devnet's). */
  readonly seaport?: Address | undefined
  /** The conduit key orders name on every chain, over the table. */
  readonly conduitKey?: Hex | undefined
  /** The conduit of `conduitKey` on every chain, over the table. */
  readonly conduit?: Address | undefined
  /** The signed zone on every chain, over the table. */
  readonly signedZone?: Address | undefined
  /**
   * Seaport's TransferHelper on every chain ({@link OPENSEA_TRANSFER_HELPER} by default): several tokens whose
   * contracts approve the conduit are transferred through it in one transaction.
   */
  readonly transferHelper?: Address | undefined
  /** SeaDrop on every chain ({@link OPENSEA_SEADROP} by default): the contract every drop's public mint must call. */
  readonly seaDrop?: Address | undefined
  /**
   * The most fees an order tradekit signs may pay, in basis points of its price: 1100 by default (10 % of creator
   * earnings, the most OpenSea collections carry, and OpenSea's 1 %). An order paying more is refused before signing.
   */
  readonly maxFeeBps?: number | undefined
  /**
   * The book that carries a purchase paid on another chain (`buyToken({ options: { currencyChainId } })`): `relay()`
   * from `tradekit/relay`. The fill is made out for its router and sends the token to the buyer; without it such a
   * purchase is refused.
   */
  readonly crossChain?: TradekitBook | undefined
}

/** `OpenSeaOptions` with every default filled in. */
export interface ResolvedOpenSeaConfig {
  readonly apiKey: string | undefined
  readonly apiBaseUrl: string
  readonly maxFeeBps: bigint
  readonly transferHelper: Address
  readonly seaDrop: Address
  /**
   * The chain's entry: the table's, with the options' changes; undefined for a chain OpenSea does not serve and the
   * options do not complete.
   */
  readonly chainOf: (chainId: number) => OpenSeaChain | undefined
  /**
   * The fields of {@link OPENSEA_CHAINS}' entries the chain's entry lacks, in the table's order; none when complete.
   */
  readonly missingOf: (chainId: number) => ReadonlyArray<keyof OpenSeaChain>
}

/** What a plan on one chain works with: the chain's protocol addresses and the client's fee bound. */
export interface OpenSeaChainConfig extends OpenSeaChain {
  readonly apiBaseUrl: string
  readonly maxFeeBps: bigint
  readonly transferHelper: Address
  readonly seaDrop: Address
}

/** SeaDrop v1, at the same address on every chain OpenSea's drops run on (ProjectOpenSea/seadrop). */
export const OPENSEA_SEADROP: Address = "0x00005EA00Ac477B1030CE78506496e8C2dE24bf5"

/** Seaport's TransferHelper, at the same address on every chain OpenSea serves (as OpenSea's SDK names it). */
export const OPENSEA_TRANSFER_HELPER: Address = "0x0000000000c2d145a2526bD8C716263bFeBe1A72"

/** A URL as given, or a path resolved against the page's location (a browser's proxy route). */
const absoluteUrl = (url: string): string => {
  const page = (globalThis as { readonly location?: { readonly href?: string } }).location?.href
  return url.startsWith("/") && page !== undefined ? new URL(url, page).href : url
}

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>

/** A chain's entry as the table and the options give it: any field may be missing. */
type ChainDraft = { readonly [K in keyof OpenSeaChain]?: OpenSeaChain[K] | undefined }

/** What a chain's entry must hold to trade on it. */
const CHAIN_FIELDS = ["name", "seaport", "conduitKey", "conduit", "signedZone"] as const

// A chain the table does not serve is OpenSea's only when the caller gives all of it (a devnet's deployment).
const missingFields = (entry: ChainDraft): ReadonlyArray<keyof OpenSeaChain> =>
  CHAIN_FIELDS.filter((field) => entry[field] === undefined)

/** Fills in the defaults of `options`. */
export const resolveOpenSeaConfig = (options: OpenSeaOptions): ResolvedOpenSeaConfig => {
  const everywhere = defined({
    seaport: options.seaport,
    conduitKey: options.conduitKey,
    conduit: options.conduit,
    signedZone: options.signedZone,
  })
  const entryOf = (chainId: number): ChainDraft => {
    const name = options.chainNames?.[chainId]
    return {
      ...OPENSEA_CHAINS[chainId],
      ...everywhere,
      ...(name !== undefined ? { name } : {}),
      ...options.chains?.[chainId],
    }
  }
  return {
    apiKey: options.apiKey,
    apiBaseUrl: absoluteUrl(options.apiBaseUrl ?? "https://api.opensea.io").replace(/\/+$/, ""),
    maxFeeBps: options.maxFeeBps === undefined ? DEFAULT_MAX_FEE_BPS : BigInt(options.maxFeeBps),
    transferHelper: options.transferHelper ?? OPENSEA_TRANSFER_HELPER,
    seaDrop: options.seaDrop ?? OPENSEA_SEADROP,
    chainOf: (chainId) =>
      missingFields(entryOf(chainId)).length === 0 ? (entryOf(chainId) as OpenSeaChain) : undefined,
    missingOf: (chainId) => missingFields(entryOf(chainId)),
  }
}
