import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { getAddress, isAddress, zeroAddress } from "viem"
import {
  abstract as viemAbstract,
  apeChain as viemApeChain,
  berachain as viemBerachain,
  ink as viemInk,
  monad as viemMonad,
  sei as viemSei,
  soneium as viemSoneium,
  unichain as viemUnichain,
} from "viem/chains"
import { describe, expect, it } from "vitest"
import type { ApiClientService } from "../../../src/apis/reservoir/ApiClient.js"
import { makeReservoirBook } from "../../../src/apis/reservoir/reservoirBook.js"
import {
  abstract,
  apeChain,
  berachain,
  type ChainPreset,
  ink,
  monad,
  reservoirChains,
  sei,
  soneium,
  supportedChainIds,
  unichain,
} from "../../../src/chains/index.js"
import type { ChainApi } from "../../../src/services/ChainApi.js"
import { chainFor, resolveClientConfig } from "../../../src/services/ClientConfig.js"

const presets: ReadonlyArray<ChainPreset> = Object.values(reservoirChains)
const usdcDecimals = (preset: ChainPreset): number => (preset.id === 56 ? 18 : 6)

describe("chain presets", () => {
  it("has exactly one preset for each of the 30 supported chain ids", () => {
    expect(supportedChainIds).toHaveLength(30)
    const ids = presets.map((preset) => preset.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual([...supportedChainIds].sort((a, b) => a - b))
  })

  it("is keyed like reservoir-sdk 2.0.x's reservoirChains", () => {
    expect(Object.keys(reservoirChains)).toEqual([
      "mainnet",
      "goerli",
      "polygon",
      "mumbai",
      "optimism",
      "arbitrum",
      "arbitrumNova",
      "avalanche",
      "sepolia",
      "base",
      "baseGoerli",
      "baseSepolia",
      "bsc",
      "opBnb",
      "scrollTestnet",
      "scroll",
      "linea",
      "zora",
      "zoraTestnet",
      "zkSync",
      "polygonZkEvm",
      "ancient8",
      "ancient8Testnet",
      "frameTestnet",
      "blastSepolia",
      "apexPop",
      "apexPopTestnet",
      "blast",
      "astarZkEVM",
      "redstoneTestnet",
    ])
    expect(reservoirChains.mainnet).toMatchObject({
      id: 1,
      name: "Ethereum",
      baseApiUrl: "https://api.reservoir.tools",
    })
    expect(reservoirChains.base).toMatchObject({
      id: 8453,
      name: "Base",
      baseApiUrl: "https://api-base.reservoir.tools",
    })
    expect(reservoirChains.polygon).toMatchObject({ id: 137, name: "Polygon" })
  })

  it.each(presets.map((preset) => [preset.name, preset] as const))("%s: its viem chain has its id", (_, preset) => {
    expect(preset.viemChain.id).toBe(preset.id)
    expect(preset.viemChain.nativeCurrency.decimals).toBe(18)
  })

  it.each(presets.map((preset) => [preset.name, preset] as const))(
    "%s: is inactive, with an https API and no trailing slash",
    (_, preset) => {
      expect(preset.active).toBe(false)
      expect(preset.baseApiUrl).toMatch(/^https:\/\/api(-[a-z0-9-]+)?\.reservoir\.tools$/)
      if (preset.websocketUrl !== undefined) expect(preset.websocketUrl).toMatch(/^wss:\/\//)
    },
  )

  it.each(presets.map((preset) => [preset.name, preset] as const))(
    "%s: polls every 2 s on Ethereum, Goerli and Sepolia, else every 1 s",
    (_, preset) => {
      expect(preset.checkPollingInterval).toBe([1, 5, 11155111].includes(preset.id) ? 2000 : 1000)
    },
  )

  it.each(presets.map((preset) => [preset.name, preset] as const))(
    "%s: pays in its native currency first, then the wrapped one, then USDC where it exists",
    (_, preset) => {
      const [native, wrapped, ...rest] = preset.paymentTokens
      expect(native).toMatchObject({ address: zeroAddress, decimals: 18 })
      expect(wrapped?.symbol).toMatch(/^W/)
      expect(wrapped?.decimals).toBe(18)
      expect(rest.map((token) => token.symbol)).toEqual(rest.length === 0 ? [] : ["USDC"])
      for (const token of rest) expect(token.decimals).toBe(usdcDecimals(preset))
    },
  )

  it.each(presets.map((preset) => [preset.name, preset] as const))(
    "%s: every token belongs to the chain and has a checksummed address",
    (_, preset) => {
      const addresses = preset.paymentTokens.map((token) => token.address)
      expect(new Set(addresses).size).toBe(addresses.length)
      for (const token of preset.paymentTokens) {
        expect(token.chainId).toBe(preset.id)
        expect(isAddress(token.address, { strict: true })).toBe(true)
        expect(token.address).toBe(getAddress(token.address))
      }
    },
  )

  it("has USDC on the chains where the API's SDK listed it", () => {
    const withUsdc = presets
      .filter((preset) => preset.paymentTokens.some((token) => token.symbol === "USDC"))
      .map((preset) => preset.id)
      .sort((a, b) => a - b)
    expect(withUsdc).toEqual([1, 5, 10, 56, 137, 8453, 42161, 42170, 43114, 59144, 80001, 84531, 534353])
    expect(reservoirChains.mainnet.paymentTokens.find((token) => token.symbol === "USDC")).toEqual({
      chainId: 1,
      address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    })
  })

  it("names native currencies that are not ETH by their own symbol", () => {
    expect(reservoirChains.bsc.paymentTokens[0]?.symbol).toBe("BNB")
    expect(reservoirChains.opBnb.paymentTokens[0]?.symbol).toBe("BNB")
    expect(reservoirChains.avalanche.paymentTokens.map((token) => token.symbol)).toEqual(["AVAX", "WAVAX", "USDC"])
    expect(reservoirChains.polygon.paymentTokens[0]?.symbol).toBe("MATIC")
  })

  it("cannot be changed by one client under another's feet", () => {
    expect(Object.isFrozen(reservoirChains.mainnet)).toBe(true)
    expect(Object.isFrozen(reservoirChains.mainnet.paymentTokens)).toBe(true)
    expect(Object.isFrozen(reservoirChains.mainnet.paymentTokens[0])).toBe(true)
    expect({ ...reservoirChains.mainnet, active: true }.active).toBe(true)
  })
})

describe("presets of the chains marketplaces run on today", () => {
  const today = [
    [apeChain, viemApeChain, 33139],
    [abstract, viemAbstract, 2741],
    [berachain, viemBerachain, 80094],
    [sei, viemSei, 1329],
    [monad, viemMonad, 143],
    [unichain, viemUnichain, 130],
    [soneium, viemSoneium, 1868],
    [ink, viemInk, 57073],
  ] as const

  it.each(today.map(([preset, viemChain, id]) => [preset.name, preset, viemChain, id] as const))(
    "%s: has viem's id and definition, no API, and pays in its native currency, then the wrapped one, then USDC where Circle issues it",
    (_, preset, viemChain, id) => {
      expect(preset.id).toBe(id)
      expect(preset.viemChain).toBe(viemChain)
      expect(preset.viemChain.id).toBe(id)
      expect(preset.baseApiUrl).toBe("")
      expect(preset.websocketUrl).toBeUndefined()
      expect(preset.active).toBe(false)
      expect(preset.checkPollingInterval).toBe(1000)
      const [native, wrapped, ...rest] = preset.paymentTokens
      expect(native).toMatchObject({
        address: zeroAddress,
        symbol: preset.viemChain.nativeCurrency.symbol,
        decimals: 18,
      })
      expect(wrapped).toMatchObject({ symbol: `W${native?.symbol}`, decimals: 18 })
      expect(rest.map((token) => [token.symbol, token.decimals])).toEqual(
        [130, 143, 1329].includes(id) ? [["USDC", 6]] : [],
      )
      for (const token of preset.paymentTokens) {
        expect(token.chainId).toBe(id)
        expect(token.address).toBe(getAddress(token.address))
      }
      expect(Object.isFrozen(preset)).toBe(true)
    },
  )

  it("are not among reservoir-sdk's presets, nor its hosted API's chain ids", () => {
    for (const [preset] of today) {
      expect(Object.values(reservoirChains)).not.toContain(preset)
      expect(supportedChainIds as ReadonlyArray<number>).not.toContain(preset.id)
    }
  })

  it("used without a baseApiUrl, the Reservoir book refuses them with the missing-configuration error", () => {
    // The Reservoir book asks each chain's API: a preset without one is a chain it cannot serve as configured.
    const book = makeReservoirBook({ forChain: () => ({}) as ChainApi } as unknown as ApiClientService)
    const [chain] = resolveClientConfig({ chains: [{ ...monad, active: true }] }).chains
    const refused = book.forChain(chain!)
    expect(Result.isFailure(refused)).toBe(true)
    const error = Result.isFailure(refused) ? refused.failure : undefined
    expect(error).toMatchObject({ _tag: "MissingChainConfigurationError", chainId: 143 })
    expect(error?.message).toBe(
      [
        "ReservoirClient missing chain configuration",
        "",
        "Chain: Monad (143)",
        "",
        'Details: the chain has no baseApiUrl. Point it at an API that speaks the protocol (a self-hosted indexer, your proxy, the devnet): { ...preset, baseApiUrl: "https://…" }.',
      ].join("\n"),
    )
    expect(
      Effect.runSync(chainFor(resolveClientConfig({ chains: [{ ...monad, baseApiUrl: "https://indexer.example/" }] })))
        .baseApiUrl,
    ).toBe("https://indexer.example")
  })
})
