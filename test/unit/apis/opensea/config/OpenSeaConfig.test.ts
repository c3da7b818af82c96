/**
 * `openSea(...)`'s options with their defaults filled in: where the API lives, the fee bound, and each chain's entry
 * as the table and the options give it (which option wins, and what a chain still lacks).
 * (openSeaChains.test.ts holds the table itself and a per-chain override.)
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import type { Address } from "viem"
import { resolveOpenSeaConfig } from "../../../../../src/apis/opensea/config/OpenSeaConfig.js"
import { OPENSEA_CHAINS } from "../../../../../src/apis/opensea/config/openSeaChains.js"

const devnetSeaport: Address = "0x9999999999999999999999999999999999999999"
const devnetZone: Address = "0x8888888888888888888888888888888888888888"
const devnet = {
  seaport: devnetSeaport,
  conduitKey: OPENSEA_CHAINS[1]!.conduitKey,
  conduit: OPENSEA_CHAINS[1]!.conduit,
  signedZone: devnetZone,
} as const

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("resolveOpenSeaConfig: the API and the fee bound", () => {
  it("talks to OpenSea's API with no key and bounds fees at 11 % by default", () => {
    const config = resolveOpenSeaConfig({})
    expect(config.apiBaseUrl).toBe("https://api.opensea.io")
    expect(config.apiKey).toBeUndefined()
    expect(config.maxFeeBps).toBe(1_100n)
  })

  it("keeps the key and the fee bound it is given, the bound as a bigint", () => {
    const config = resolveOpenSeaConfig({ apiKey: "key", maxFeeBps: 250 })
    expect(config.apiKey).toBe("key")
    expect(config.maxFeeBps).toBe(250n)
    expect(resolveOpenSeaConfig({ maxFeeBps: 0 }).maxFeeBps).toBe(0n)
  })

  it("drops the trailing slashes of a base URL, so routes join with one", () => {
    expect(resolveOpenSeaConfig({ apiBaseUrl: "https://proxy.example/opensea//" }).apiBaseUrl).toBe(
      "https://proxy.example/opensea",
    )
  })

  it("resolves a path against the page it runs in (a browser's proxy route)", () => {
    vi.stubGlobal("location", { href: "https://app.example/trade/page?x=1" })
    expect(resolveOpenSeaConfig({ apiBaseUrl: "/api/opensea/" }).apiBaseUrl).toBe("https://app.example/api/opensea")
    expect(resolveOpenSeaConfig({ apiBaseUrl: "https://other.example" }).apiBaseUrl).toBe("https://other.example")
  })

  it("leaves a path as it is where there is no page", () => {
    expect(resolveOpenSeaConfig({ apiBaseUrl: "/api/opensea" }).apiBaseUrl).toBe("/api/opensea")
  })
})

describe("resolveOpenSeaConfig: a chain's entry", () => {
  it("lays the options for every chain over every served chain", () => {
    const config = resolveOpenSeaConfig({ seaport: devnetSeaport, signedZone: devnetZone })
    for (const chainId of [1, 137, 43419]) {
      expect(config.chainOf(chainId)).toEqual({
        ...OPENSEA_CHAINS[chainId],
        seaport: devnetSeaport,
        signedZone: devnetZone,
      })
    }
  })

  it("keeps the table's field where an option is given as undefined", () => {
    expect(resolveOpenSeaConfig({ seaport: undefined, conduit: undefined }).chainOf(1)).toEqual(OPENSEA_CHAINS[1])
  })

  it("renames a chain by chainNames, and lets a chain's own entry win over both", () => {
    const other: Address = "0x7777777777777777777777777777777777777777"
    const config = resolveOpenSeaConfig({
      seaport: devnetSeaport,
      chainNames: { 1: "mainnet", 8453: "base-renamed" },
      chains: { 1: { name: "ethereum-devnet", seaport: other } },
    })
    expect(config.chainOf(1)).toMatchObject({ name: "ethereum-devnet", seaport: other })
    expect(config.chainOf(8453)).toMatchObject({ name: "base-renamed", seaport: devnetSeaport })
  })

  it("names what an unserved chain still lacks, in the table's order", () => {
    expect(resolveOpenSeaConfig({}).missingOf(31337)).toEqual([
      "name",
      "seaport",
      "conduitKey",
      "conduit",
      "signedZone",
    ])
    expect(resolveOpenSeaConfig(devnet).missingOf(31337)).toEqual(["name"])
    expect(resolveOpenSeaConfig(devnet).chainOf(31337)).toBeUndefined()
    expect(resolveOpenSeaConfig({ chains: { 31337: { seaport: devnetSeaport } } }).missingOf(31337)).toEqual([
      "name",
      "conduitKey",
      "conduit",
      "signedZone",
    ])
  })

  it("completes an unserved chain from the options for every chain and its name", () => {
    const config = resolveOpenSeaConfig({ ...devnet, chainNames: { 31337: "devnet" } })
    expect(config.missingOf(31337)).toEqual([])
    expect(config.chainOf(31337)).toEqual({ name: "devnet", ...devnet })
  })

  it("lacks nothing on a served chain", () => {
    const config = resolveOpenSeaConfig({})
    for (const chainId of Object.keys(OPENSEA_CHAINS).map(Number)) expect(config.missingOf(chainId)).toEqual([])
  })
})
