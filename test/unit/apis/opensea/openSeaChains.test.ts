/**
 * The chain table against what opensea-js 11.x reads for each chain (`CHAIN_ID_MAP`, `getSeaportAddress`,
 * `getDefaultConduit`, `getSignedZone`, `getNativeWrapTokenAddress`), written down here as read.
 */
import type { Address } from "viem"
import { describe, expect, it } from "vitest"
import { resolveOpenSeaConfig } from "../../../../src/apis/opensea/config/OpenSeaConfig.js"
import {
  OPENSEA_CHAINS,
  OPENSEA_CURRENCIES,
  type OpenSeaChain,
} from "../../../../src/apis/opensea/config/openSeaChains.js"

/** A chain as a client with these per-chain options resolves it. */
const openSeaChainOf = (chainId: number, chains?: Readonly<Record<number, Partial<OpenSeaChain>>>) =>
  resolveOpenSeaConfig({ chains }).chainOf(chainId)

const seaport = "0x0000000000000068f116a894984e2db1123eb395"
const main = {
  conduitKey: "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000",
  conduit: "0x1e0049783f008a0085193e00003d00cd54003c71",
}
const second = {
  conduitKey: "0x61159fefdfada89302ed55f8b9e89e2d67d8258712b3a3f89aa88525877f1d5e",
  conduit: "0x963f00d3ff000064ffcba824b800c0000000c300",
}
const zone = "0x000056f7000000ece9003ca63978907a00ffd100"
const alt = {
  seaport: "0x00000000006687982678b03100b9bdc8be440814",
  conduitKey: "0x86d26897267711ea4b173c8c124a0a73612001da35562f1ee3b26929b6575e89",
  conduit: "0x00000000001566479594a2e05532d81afa09bc52",
  signedZone: "0xdfe0000000005ce3008800300037e4c803ed08c7",
}
const std = (conduit: typeof main) => ({ seaport, ...conduit, signedZone: zone })
const weth = "0x4200000000000000000000000000000000000006"

/**
 * [name, chain id, protocol, wrapped native] as opensea-js gives them. Arc and Stable Chain (sdk 12.9.1
 * `src/utils/chain.ts`) have no wrapped native: their offers spend a native stablecoin's ERC-20 mirror.
 */
const OPENSEA_JS: ReadonlyArray<readonly [string, number, Record<string, string>, string | undefined]> = [
  ["ethereum", 1, std(main), "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],
  ["optimism", 10, std(main), weth],
  ["unichain", 130, std(main), weth],
  ["polygon", 137, std(main), "0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270"],
  ["monad", 143, std(second), "0x3bd359c1119da7da1d913d1c4d2b7c461115433a"],
  ["shape", 360, std(main), weth],
  ["flow", 747, std(main), "0xd3bf53dac106a0290b0483ecbc89d40fcc961f3e"],
  ["stablechain", 988, std(second), undefined],
  ["hyperevm", 999, std(second), "0x5555555555555555555555555555555555555555"],
  ["sei", 1329, std(main), "0xe30fedd158a2e3b13e9badaeabafc5516e95e8c7"],
  ["soneium", 1868, std(main), weth],
  ["ronin", 2020, std(main), "0xe514d9deb7966c8be0ca922de8a064264ea6bcd4"],
  ["abstract", 2741, std(second), "0x3439153eb7af838ad19d56e1571fbd09333c2809"],
  ["megaeth", 4326, alt, weth],
  ["robinhood", 4663, std(second), "0x0bd7d308f8e1639fab988df18a8011f41eacad73"],
  ["somnia", 5031, alt, "0x046ede9564a72571df6f5e44d0405360c0f4dcab"],
  ["arc", 5042, std(second), undefined],
  ["b3", 8333, std(main), weth],
  ["base", 8453, std(main), weth],
  ["ape_chain", 33139, std(main), "0x48b62137edfa95a428d35c09e44256a739f6b557"],
  ["arbitrum", 42161, std(main), "0x82af49447d8a07e3bd95bd0d56f35241523fbab1"],
  ["avalanche", 43114, std(main), "0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7"],
  ["gunzilla", 43419, alt, "0x5aad7bba61d95c2c4e525a35f4062040264611f1"],
  ["ink", 57073, std(main), weth],
  ["animechain", 69000, std(main), "0x164906a76f1a2ea933366c446ae0ec6a37062c42"],
  ["bera_chain", 80094, std(main), "0x6969696969696969696969696969696969696969"],
  ["blast", 81457, std(main), "0x4300000000000000000000000000000000000004"],
  ["zora", 7777777, std(main), weth],
]

const lower = (row: object) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value).toLowerCase()]),
  )

describe("OPENSEA_CHAINS", () => {
  it("has exactly the EVM chains of the spec's ChainIdentifier, by chain id", () => {
    expect(
      Object.keys(OPENSEA_CHAINS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(OPENSEA_JS.map(([, id]) => id).sort((a, b) => a - b))
  })

  it.each(OPENSEA_JS)(
    "%s (%i) has opensea-js's name, Seaport, conduit, signed zone and wrapped native",
    (name, id, protocol, wrapped) => {
      expect(lower(OPENSEA_CHAINS[id]!)).toEqual(lower({ name, ...protocol, wrappedNative: wrapped }))
    },
  )

  it("has none of the chains OpenSea dropped or never served, and no old name", () => {
    for (const id of [56, 324, 42170, 59144, 534352, 11155111, 84532, 80002]) expect(OPENSEA_CHAINS[id]).toBeUndefined()
    expect(Object.values(OPENSEA_CHAINS).map((chain) => chain.name)).not.toContain("matic")
    expect(OPENSEA_CHAINS[137]?.name).toBe("polygon")
  })
})

const native = "0x0000000000000000000000000000000000000000"
/**
 * [chain id, listing currency, offer currency] as @opensea/sdk 12.9.1 (`src/utils/chain.ts`) gives them:
 * `getListingPaymentToken`, `getOfferPaymentToken`.
 */
const OPENSEA_SDK_CURRENCIES: ReadonlyArray<readonly [number, string, string]> = [
  [1, native, "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],
  [10, native, weth],
  [130, native, weth],
  [137, "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619", "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619"],
  [143, native, "0x3bd359c1119da7da1d913d1c4d2b7c461115433a"],
  [360, native, weth],
  [747, "0xd3bf53dac106a0290b0483ecbc89d40fcc961f3e", "0xd3bf53dac106a0290b0483ecbc89d40fcc961f3e"],
  [999, native, "0x5555555555555555555555555555555555555555"],
  [1329, native, "0xe30fedd158a2e3b13e9badaeabafc5516e95e8c7"],
  [1868, native, weth],
  [2020, "0xe514d9deb7966c8be0ca922de8a064264ea6bcd4", "0xe514d9deb7966c8be0ca922de8a064264ea6bcd4"],
  [2741, native, "0x3439153eb7af838ad19d56e1571fbd09333c2809"],
  [4326, native, weth],
  [4663, native, "0x0bd7d308f8e1639fab988df18a8011f41eacad73"],
  [5031, native, "0x046ede9564a72571df6f5e44d0405360c0f4dcab"],
  [8333, native, weth],
  [8453, native, weth],
  [33139, native, "0x48b62137edfa95a428d35c09e44256a739f6b557"],
  [42161, native, "0x82af49447d8a07e3bd95bd0d56f35241523fbab1"],
  [43114, "0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7", "0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7"],
  [43419, native, "0x5aad7bba61d95c2c4e525a35f4062040264611f1"],
  [57073, native, weth],
  [69000, native, "0x164906a76f1a2ea933366c446ae0ec6a37062c42"],
  [80094, native, "0x6969696969696969696969696969696969696969"],
  [81457, native, "0x4300000000000000000000000000000000000004"],
  [7777777, native, weth],
]

describe("OPENSEA_CURRENCIES", () => {
  it("has a listing and offer currency for exactly the chains of OPENSEA_CHAINS", () => {
    expect(Object.keys(OPENSEA_CURRENCIES)).toEqual(Object.keys(OPENSEA_CHAINS))
  })

  const named = "chain %i lists in %s and makes offers in %s, as OpenSea's SDK says"
  it.each(OPENSEA_SDK_CURRENCIES)(named, (id, listing, offer) => {
    expect(lower(OPENSEA_CURRENCIES[id]!)).toEqual({ listing, offer })
  })
})

describe("a chain as the client resolves it", () => {
  const devnetSeaport: Address = "0x9999999999999999999999999999999999999999"

  it("answers a served chain as the table has it", () => {
    expect(openSeaChainOf(8453)).toEqual(OPENSEA_CHAINS[8453])
  })

  it("lets a caller override one field of a served chain, keeping the others", () => {
    const base = openSeaChainOf(8453, { 8453: { seaport: devnetSeaport } })
    expect(base).toEqual({ ...OPENSEA_CHAINS[8453], seaport: devnetSeaport })
    expect(OPENSEA_CHAINS[8453]!.seaport).not.toBe(devnetSeaport)
  })

  it("adds a chain OpenSea does not serve when the caller gives all of it", () => {
    const devnet = { ...OPENSEA_CHAINS[1]!, seaport: devnetSeaport }
    expect(openSeaChainOf(31337, { 31337: devnet })).toEqual(devnet)
  })

  it("answers undefined for a chain nobody names, or one added without its protocol", () => {
    expect(openSeaChainOf(56)).toBeUndefined()
    expect(openSeaChainOf(31337, { 31337: { name: "ethereum" } })).toBeUndefined()
  })
})
