import { type Address, type Hex, zeroAddress } from "viem"

/** Where OpenSea's Seaport orders live on one chain, and what OpenSea calls the chain. */
export interface OpenSeaChain {
  /** OpenSea's name of the chain (the spec's `ChainIdentifier`): the `{chain}` of its API v2 routes. */
  readonly name: string
  /** The Seaport 1.6 contract OpenSea's orders on this chain are signed for. */
  readonly seaport: Address
  /** The conduit key OpenSea's orders on this chain name. */
  readonly conduitKey: Hex
  /** The conduit of `conduitKey`: what an owner approves for Seaport to move their tokens. */
  readonly conduit: Address
  /** OpenSea's signed zone (SIP-7) for offers on this chain. */
  readonly signedZone: Address
  /** The chain's wrapped native token (WPOL on Polygon), when OpenSea names one. */
  readonly wrappedNative?: Address | undefined
}

/** Seaport 1.6, at the same address on most chains. */
export const OPENSEA_SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
/** OpenSea's conduit key on most chains. */
export const OPENSEA_CONDUIT_KEY: Hex = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
/** The conduit of {@link OPENSEA_CONDUIT_KEY}. */
export const OPENSEA_CONDUIT: Address = "0x1E0049783F008A0085193E00003D00cd54003c71"
/**
 * OpenSea's signed zone (SIP-7) on most chains: offers are restricted orders in it, and it signs every fill OpenSea
 * hands out.
 */
export const OPENSEA_SIGNED_ZONE: Address = "0x000056F7000000EcE9003ca63978907a00FFD100"

// Abstract, HyperEVM, Monad, Robinhood, Arc and Stable Chain: OpenSea's second conduit, with the canonical Seaport and
// zone.
const CONDUIT_KEY_2: Hex = "0x61159fefdfada89302ed55f8b9e89e2d67d8258712b3a3f89aa88525877f1d5e"
const CONDUIT_2: Address = "0x963F00d3ff000064fFCbA824b800c0000000C300"

// Gunzilla, Somnia and MegaETH: another Seaport 1.6 deployment, with its own conduit and signed zone.
const ALTERNATE_SEAPORT: Address = "0x00000000006687982678b03100B9bDC8be440814"
const ALTERNATE_CONDUIT_KEY: Hex = "0x86d26897267711ea4b173c8c124a0a73612001da35562f1ee3b26929b6575e89"
const ALTERNATE_CONDUIT: Address = "0x00000000001566479594A2e05532d81afA09BC52"
const ALTERNATE_SIGNED_ZONE: Address = "0xdFE0000000005ce3008800300037e4c803Ed08C7"

const canonical = (name: string, wrappedNative: Address): OpenSeaChain => ({
  name,
  seaport: OPENSEA_SEAPORT,
  conduitKey: OPENSEA_CONDUIT_KEY,
  conduit: OPENSEA_CONDUIT,
  signedZone: OPENSEA_SIGNED_ZONE,
  wrappedNative,
})
const secondConduit = (name: string, wrappedNative?: Address): OpenSeaChain => ({
  name,
  seaport: OPENSEA_SEAPORT,
  signedZone: OPENSEA_SIGNED_ZONE,
  ...(wrappedNative === undefined ? {} : { wrappedNative }),
  conduitKey: CONDUIT_KEY_2,
  conduit: CONDUIT_2,
})
const alternate = (name: string, wrappedNative: Address): OpenSeaChain => ({
  name,
  seaport: ALTERNATE_SEAPORT,
  conduitKey: ALTERNATE_CONDUIT_KEY,
  conduit: ALTERNATE_CONDUIT,
  signedZone: ALTERNATE_SIGNED_ZONE,
  wrappedNative,
})

const OP_STACK_WETH: Address = "0x4200000000000000000000000000000000000006"

/**
 * Every EVM chain OpenSea serves (the spec's `ChainIdentifier` enum, opensea-js 11.x `CHAIN_ID_MAP`, sdk 12.9.1
 * `chain.ts`), by chain id,
 * with its protocol addresses as opensea-js's `getSeaportAddress`, `getDefaultConduit`, `getSignedZone` and
 * `getNativeWrapTokenAddress` give them. Chains OpenSea dropped (bsc, arbitrum_nova, testnets; `matic` is now
 * `polygon`) are not here: a route naming them would only be refused.
 */
export const OPENSEA_CHAINS: Readonly<Record<number, OpenSeaChain>> = {
  1: canonical("ethereum", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"),
  10: canonical("optimism", OP_STACK_WETH),
  130: canonical("unichain", OP_STACK_WETH),
  137: canonical("polygon", "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270"),
  143: secondConduit("monad", "0x3bd359C1119dA7Da1D913D1C4D2B7c461115433A"),
  360: canonical("shape", OP_STACK_WETH),
  747: canonical("flow", "0xd3bF53DAC106A0290B0483EcBC89d40FcC961f3e"),
  988: secondConduit("stablechain"),
  999: secondConduit("hyperevm", "0x5555555555555555555555555555555555555555"),
  1329: canonical("sei", "0xE30feDd158A2e3b13e9badaeABaFc5516e95e8C7"),
  1868: canonical("soneium", OP_STACK_WETH),
  2020: canonical("ronin", "0xe514d9DEB7966c8BE0ca922de8a064264eA6bcd4"),
  2741: secondConduit("abstract", "0x3439153EB7AF838Ad19d56E1571FBD09333C2809"),
  4326: alternate("megaeth", OP_STACK_WETH),
  4663: secondConduit("robinhood", "0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73"),
  5031: alternate("somnia", "0x046EDe9564A72571df6F5e44d0405360c0f4dCab"),
  // Arc and Stable Chain (988) have no wrapped native: offers spend a native stablecoin's ERC-20 mirror.
  5042: secondConduit("arc"),
  8333: canonical("b3", OP_STACK_WETH),
  8453: canonical("base", OP_STACK_WETH),
  33139: canonical("ape_chain", "0x48b62137EdfA95a428D35C09E44256a739F6B557"),
  42161: canonical("arbitrum", "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1"),
  43114: canonical("avalanche", "0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7"),
  43419: alternate("gunzilla", "0x5aaD7bBA61D95C2C4e525A35F4062040264611f1"),
  57073: canonical("ink", OP_STACK_WETH),
  69000: canonical("animechain", "0x164906a76f1A2Ea933366c446AE0Ec6a37062c42"),
  80094: canonical("bera_chain", "0x6969696969696969696969696969696969696969"),
  81457: canonical("blast", "0x4300000000000000000000000000000000000004"),
  7777777: canonical("zora", OP_STACK_WETH),
}

/** What OpenSea prices a chain's listings in, and its offers (the zero address is the native currency). */
export interface OpenSeaCurrencies {
  readonly listing: Address
  readonly offer: Address
}

const nativeListing = (offer: Address): OpenSeaCurrencies => ({ listing: zeroAddress, offer })
const oneCurrency = (token: Address): OpenSeaCurrencies => ({ listing: token, offer: token })

/**
 * OpenSea's published listing and offer currencies of each chain of {@link OPENSEA_CHAINS}, as @opensea/sdk 12.9.1
 * reads them (`src/utils/chain.ts`: `getListingPaymentToken`, `getOfferPaymentToken`). With the chain's native and
 * wrapped native currency and the app's own, they are the only currencies a listing or offer is signed in: a
 * collection's currency that only OpenSea's API names is refused (see tradeCurrency). Polygon lists in WETH.
 */
export const OPENSEA_CURRENCIES: Readonly<Record<number, OpenSeaCurrencies>> = {
  1: nativeListing("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"),
  10: nativeListing(OP_STACK_WETH),
  130: nativeListing(OP_STACK_WETH),
  137: oneCurrency("0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619"),
  143: nativeListing("0x3bd359C1119dA7Da1D913D1C4D2B7c461115433A"),
  360: nativeListing(OP_STACK_WETH),
  747: oneCurrency("0xd3bF53DAC106A0290B0483EcBC89d40fcC961f3e"),
  999: nativeListing("0x5555555555555555555555555555555555555555"),
  1329: nativeListing("0xE30feDd158A2e3b13e9badaeABaFc5516e95e8C7"),
  1868: nativeListing(OP_STACK_WETH),
  2020: oneCurrency("0xe514d9DEB7966c8BE0ca922de8a064264eA6bcd4"),
  2741: nativeListing("0x3439153EB7AF838Ad19d56E1571FBD09333C2809"),
  4326: nativeListing(OP_STACK_WETH),
  4663: nativeListing("0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73"),
  5031: nativeListing("0x046EDe9564A72571df6F5e44d0405360c0f4dCab"),
  8333: nativeListing(OP_STACK_WETH),
  8453: nativeListing(OP_STACK_WETH),
  33139: nativeListing("0x48b62137EdfA95a428D35C09E44256a739F6B557"),
  42161: nativeListing("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1"),
  43114: oneCurrency("0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7"),
  43419: nativeListing("0x5aaD7bBA61D95C2C4e525A35F4062040264611f1"),
  57073: nativeListing(OP_STACK_WETH),
  69000: nativeListing("0x164906a76f1A2Ea933366c446AE0Ec6a37062c42"),
  80094: nativeListing("0x6969696969696969696969696969696969696969"),
  81457: nativeListing("0x4300000000000000000000000000000000000004"),
  7777777: nativeListing(OP_STACK_WETH),
  // Arc and Stable Chain take offers in an ERC-20 mirror of their native stablecoin (USDC, USDT0), not a wrapped token.
  5042: nativeListing("0x3600000000000000000000000000000000000000"),
  988: nativeListing("0x779Ded0c9e1022225f8E0630b35a9b54bE713736"),
}
