import type { Address, Hex } from "viem"
import { OPENSEA_CHAIN_NAMES } from "./chainNames.js"
import { DEFAULT_MAX_FEE_BPS } from "./seaport/checkOrderToSign.js"

/** What `openSea(...)` takes: the API key, and where the API and its Seaport live when not OpenSea's own. */
export interface OpenSeaOptions {
  /** Sent as `x-api-key` on every OpenSea request; leave it out behind a proxy that adds it (in a browser). */
  readonly apiKey?: string | undefined
  /** `https://api.opensea.io` by default; a path (`/api/opensea`) is resolved against the page's origin. */
  readonly apiBaseUrl?: string | undefined
  /** OpenSea's name of a chain (`ethereum`, `base`, …) by chain id, over the built-in table. */
  readonly chainNames?: Readonly<Record<number, string>> | undefined
  /** The Seaport 1.6 contract the API's orders live on (OpenSea's canonical one by default). */
  readonly seaport?: Address | undefined
  /** The conduit key orders made by tradekit name (OpenSea's by default). */
  readonly conduitKey?: Hex | undefined
  /** The conduit of `conduitKey`: what owners approve for Seaport to move their tokens (OpenSea's by default). */
  readonly conduit?: Address | undefined
  /** OpenSea's signed zone (SIP-7), which offers name and which authorises each of their fills (OpenSea's by default). */
  readonly signedZone?: Address | undefined
  /**
   * The most fees an order tradekit signs may pay, in basis points of its price: 1100 by default (10 % of creator
   * earnings, the most OpenSea collections carry, and OpenSea's 1 %). An order paying more is refused before signing.
   */
  readonly maxFeeBps?: number | undefined
}

/** `OpenSeaOptions` with every default filled in. */
export interface ResolvedOpenSeaConfig {
  readonly apiKey: string | undefined
  readonly apiBaseUrl: string
  readonly chainNames: Readonly<Record<number, string>>
  readonly seaport: Address
  readonly conduitKey: Hex
  readonly conduit: Address
  readonly signedZone: Address
  readonly maxFeeBps: bigint
}

/** OpenSea's Seaport 1.6, at the same address on every chain. */
export const OPENSEA_SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
/** OpenSea's conduit key, and its conduit (the same on every chain). */
export const OPENSEA_CONDUIT_KEY: Hex = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
/** The conduit of {@link OPENSEA_CONDUIT_KEY}. */
export const OPENSEA_CONDUIT: Address = "0x1E0049783F008A0085193E00003D00cd54003c71"

/** A URL as given, or a path resolved against the page's location (a browser's proxy route). */
const absoluteUrl = (url: string): string => {
  const page = (globalThis as { readonly location?: { readonly href?: string } }).location?.href
  return url.startsWith("/") && page !== undefined ? new URL(url, page).href : url
}

/** OpenSea's signed zone (SIP-7): offers are restricted orders in it, and it signs every fill OpenSea hands out. */
export const OPENSEA_SIGNED_ZONE: Address = "0x000056F7000000EcE9003ca63978907a00FFD100"

/** Fills in the defaults of `options`. */
export const resolveOpenSeaConfig = (options: OpenSeaOptions): ResolvedOpenSeaConfig => ({
  apiKey: options.apiKey,
  apiBaseUrl: absoluteUrl(options.apiBaseUrl ?? "https://api.opensea.io").replace(/\/+$/, ""),
  chainNames: { ...OPENSEA_CHAIN_NAMES, ...options.chainNames },
  seaport: options.seaport ?? OPENSEA_SEAPORT,
  conduitKey: options.conduitKey ?? OPENSEA_CONDUIT_KEY,
  conduit: options.conduit ?? OPENSEA_CONDUIT,
  signedZone: options.signedZone ?? OPENSEA_SIGNED_ZONE,
  maxFeeBps: options.maxFeeBps === undefined ? DEFAULT_MAX_FEE_BPS : BigInt(options.maxFeeBps),
})
