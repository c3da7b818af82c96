import type { Address, Hex } from "viem"

/** Where OpenSea's orders live on one chain: its name in OpenSea's routes, and its Seaport, conduit and signed zone. */
export interface OpenSeaChain {
  /** The chain's `ChainIdentifier` in OpenSea's API v2 (`ethereum`, `polygon`, …). */
  readonly name: string
  /** The Seaport 1.6 contract OpenSea's orders name. */
  readonly seaport: Address
  /** The conduit key orders made by tradekit name. */
  readonly conduitKey: Hex
  /** The conduit of `conduitKey`: what owners approve for Seaport to move their tokens. */
  readonly conduit: Address
  /** OpenSea's signed zone (SIP-7): offers are restricted orders in it, and it signs every fill OpenSea hands out. */
  readonly signedZone: Address
}

/** Seaport 1.6, at the same address on most chains. */
export const OPENSEA_SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
/** OpenSea's conduit key on most chains. */
export const OPENSEA_CONDUIT_KEY: Hex = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
/** The conduit of {@link OPENSEA_CONDUIT_KEY}. */
export const OPENSEA_CONDUIT: Address = "0x1E0049783F008A0085193E00003D00cd54003c71"
/** OpenSea's signed zone (SIP-7) on most chains. */
export const OPENSEA_SIGNED_ZONE: Address = "0x000056F7000000EcE9003ca63978907a00FFD100"

const standard = { seaport: OPENSEA_SEAPORT, conduitKey: OPENSEA_CONDUIT_KEY, conduit: OPENSEA_CONDUIT, signedZone: OPENSEA_SIGNED_ZONE }
// Abstract, HyperEVM and Monad: OpenSea's second conduit.
const secondConduit = {
  ...standard,
  conduitKey: "0x61159fefdfada89302ed55f8b9e89e2d67d8258712b3a3f89aa88525877f1d5e",
  conduit: "0x963F00D3FF000064fFcba824B800c0000000c300",
} as const
// Gunzilla, Somnia and MegaETH: another Seaport, conduit and signed zone.
const alternate = {
  seaport: "0x00000000006687982678b03100B9bDC8be440814",
  conduitKey: "0x86d26897267711ea4b173c8c124a0a73612001da35562f1ee3b26929b6575e89",
  conduit: "0x00000000001566479594A2E05532D81aFa09bC52",
  signedZone: "0xDFE0000000005cE3008800300037e4c803ED08c7",
} as const

/**
 * The EVM chains OpenSea trades on with Seaport, by chain id: the spec's `ChainIdentifier` enum, with each chain's
 * protocol addresses as OpenSea's own SDK (opensea-js 11.7: `getSeaportAddress`, `getDefaultConduit`,
 * `getSignedZone`) names them. `matic` is `polygon` since 2025-09; bsc, zksync, arbitrum_nova, linea, scroll and the
 * testnets are no longer served; robinhood has no Seaport. Add or override a chain with `openSea({ chains })`.
 */
export const OPENSEA_CHAINS: Readonly<Record<number, OpenSeaChain>> = {
  1: { name: "ethereum", ...standard },
  10: { name: "optimism", ...standard },
  130: { name: "unichain", ...standard },
  137: { name: "polygon", ...standard },
  143: { name: "monad", ...secondConduit },
  360: { name: "shape", ...standard },
  747: { name: "flow", ...standard },
  999: { name: "hyperevm", ...secondConduit },
  1329: { name: "sei", ...standard },
  1868: { name: "soneium", ...standard },
  2020: { name: "ronin", ...standard },
  2741: { name: "abstract", ...secondConduit },
  4326: { name: "megaeth", ...alternate },
  5031: { name: "somnia", ...alternate },
  8333: { name: "b3", ...standard },
  8453: { name: "base", ...standard },
  33139: { name: "ape_chain", ...standard },
  42161: { name: "arbitrum", ...standard },
  43114: { name: "avalanche", ...standard },
  43419: { name: "gunzilla", ...alternate },
  57073: { name: "ink", ...standard },
  69000: { name: "animechain", ...standard },
  80094: { name: "bera_chain", ...standard },
  81457: { name: "blast", ...standard },
  7777777: { name: "zora", ...standard },
}
