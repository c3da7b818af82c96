/**
 * The currency a listing or an offer is signed in: the app's own, else the collection's as OpenSea names it only when
 * tradekit trusts it (the chain's native and wrapped native currency, OpenSea's published ones). A currency only the
 * API vouches for is refused with a currency check, before anything is approved or signed.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, getAddress, zeroAddress } from "viem"
import { polygon } from "viem/chains"
import type { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import type { OpenSeaCollection, PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import { OPENSEA_CHAINS } from "../../../../../src/apis/opensea/config/openSeaChains.js"
import {
  offerCurrencyOf,
  tradeCurrency,
  trustedCurrencies,
  wrappedNativeOf,
} from "../../../../../src/apis/opensea/config/tradeCurrency.js"
import type { ChainConfig } from "../../../../../src/chains/ChainConfig.js"
import { OrderCheckError } from "../../../../../src/errors/OrderCheckError.js"

const WETH: Address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
const POLYGON_WETH: Address = "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619"
const WPOL: Address = "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270"
const FAKE_WETH: Address = "0x6666666666666666666666666666666666666666"
const DEVNET_WETH: Address = "0x7777777777777777777777777777777777777777"

/** A plan's context on `chain`; the plans' API and chain reads are never used here. */
const contextOn = (chain: ChainConfig, wrappedNative?: Address): PlanContext =>
  ({
    chain,
    chainName: OPENSEA_CHAINS[chain.id]?.name ?? "devnet",
    config: { ...(OPENSEA_CHAINS[chain.id] ?? OPENSEA_CHAINS[1]!), wrappedNative, apiBaseUrl: "", maxFeeBps: 1_100n },
  }) as unknown as PlanContext

const ethereum = contextOn({ id: 1, name: "Ethereum", baseApiUrl: "" }, WETH)
const polygonCtx = contextOn({ id: 137, name: "Polygon", baseApiUrl: "", viemChain: polygon }, WPOL)
const devnetChain = (symbol: string): ChainConfig => ({
  id: 31337,
  name: "Devnet",
  baseApiUrl: "",
  paymentTokens: [
    { chainId: 31337, address: FAKE_WETH, symbol: "USDC", name: "USD Coin", decimals: 6 },
    { chainId: 31337, address: DEVNET_WETH, symbol, name: "Wrapped Ether", decimals: 18 },
  ],
})
const devnet = contextOn(devnetChain("WETH"))

/** The OrderCheckError a refusal stands for, whether it is one or wraps one as its cause. */
const checkErrorOf = (failure: unknown): OrderCheckError => {
  const error =
    failure instanceof OrderCheckError
      ? failure
      : (failure as OpenSeaError).reason._tag === "CheckFailed"
        ? (failure as { readonly reason: { readonly error: OrderCheckError } }).reason.error
        : undefined
  expect(error).toBeInstanceOf(OrderCheckError)
  return error as OrderCheckError
}

const collection = (offerCurrency: Address | undefined): OpenSeaCollection => ({
  slug: "devnet-punks",
  standard: "erc721",
  fees: [],
  offerCurrency,
  listingCurrency: undefined,
  requiredZone: undefined,
})

describe("wrappedNativeOf", () => {
  it("is the OpenSea table's wrapped native token of the chain", () => {
    expect(wrappedNativeOf(ethereum)).toBe(WETH)
    expect(wrappedNativeOf(polygonCtx)).toBe(WPOL)
  })

  it("is otherwise the payment token named W and the chain's native symbol", () => {
    expect(wrappedNativeOf(devnet)).toBe(DEVNET_WETH)
    expect(wrappedNativeOf(contextOn(devnetChain("WPOL")))).toBeUndefined()
  })

  it("prefers the table's entry to a payment token", () => {
    expect(wrappedNativeOf(contextOn(devnetChain("WETH"), WETH))).toBe(WETH)
  })
})

describe("trustedCurrencies", () => {
  it("are native, wrapped native and OpenSea's published currencies for a listing, without repeats", () => {
    expect(trustedCurrencies(ethereum, "listing")).toEqual([zeroAddress, WETH])
    expect(trustedCurrencies(polygonCtx, "listing")).toEqual([zeroAddress, WPOL, POLYGON_WETH])
  })

  it("leave out the native currency for an offer, which must be an ERC-20", () => {
    expect(trustedCurrencies(ethereum, "offer")).toEqual([WETH])
    expect(trustedCurrencies(polygonCtx, "offer")).toEqual([WPOL, POLYGON_WETH])
  })

  it("are the native currency alone on a chain with no wrapped token nor published currency", () => {
    const bare = contextOn({ id: 31337, name: "Devnet", baseApiUrl: "" })
    expect(trustedCurrencies(bare, "listing")).toEqual([zeroAddress])
    expect(trustedCurrencies(bare, "offer")).toEqual([])
  })
})

describe("tradeCurrency", () => {
  it.effect("takes the app's currency over the collection's, checksummed", () =>
    Effect.gen(function* () {
      expect(yield* tradeCurrency(ethereum, "listing", FAKE_WETH.toLowerCase(), WETH)).toBe(FAKE_WETH)
    }),
  )

  it.effect("takes a trusted currency OpenSea names, in any letter case", () =>
    Effect.gen(function* () {
      expect(yield* tradeCurrency(polygonCtx, "listing", undefined, POLYGON_WETH)).toBe(POLYGON_WETH)
      const lower = POLYGON_WETH.toLowerCase() as Address
      expect(yield* tradeCurrency(polygonCtx, "offer", undefined, lower)).toBe(lower)
    }),
  )

  it.effect("refuses a currency only OpenSea vouches for, naming it and what is trusted", () =>
    Effect.gen(function* () {
      const error = checkErrorOf(yield* Effect.flip(tradeCurrency(ethereum, "offer", undefined, FAKE_WETH)))
      expect(error).toMatchObject({ _tag: "OrderCheckError", book: "opensea", check: "currency" })
      expect(error.message).toContain(`OpenSea names ${FAKE_WETH} as the offer currency`)
      expect(error.message).toContain("on ethereum")
      expect(error.message).toContain(`Trusted: ${WETH}`)
      expect(error.message).toContain("name the currency yourself")
    }),
  )

  it.effect("refuses the native currency for an offer", () =>
    Effect.gen(function* () {
      const error = checkErrorOf(yield* Effect.flip(tradeCurrency(ethereum, "offer", undefined, zeroAddress)))
      expect(error.check).toBe("currency")
    }),
  )

  it.effect("says none is trusted where nothing is", () =>
    Effect.gen(function* () {
      const bare = contextOn({ id: 31337, name: "Devnet", baseApiUrl: "" })
      const error = checkErrorOf(yield* Effect.flip(tradeCurrency(bare, "offer", undefined, FAKE_WETH)))
      expect(error.message).toContain("Trusted: none")
    }),
  )

  it.effect("refuses an app's currency that is not an address", () =>
    Effect.gen(function* () {
      const failure = yield* Effect.flip(tradeCurrency(ethereum, "listing", "weth", WETH))
      expect(failure.message).toContain("weth")
    }),
  )
})

describe("offerCurrencyOf", () => {
  it.effect("is the app's currency, else the collection's when trusted", () =>
    Effect.gen(function* () {
      expect(yield* offerCurrencyOf(ethereum, getAddress(DEVNET_WETH), collection(undefined))).toBe(DEVNET_WETH)
      expect(yield* offerCurrencyOf(ethereum, undefined, collection(WETH))).toBe(WETH)
    }),
  )

  it.effect("refuses an untrusted collection currency with a currency check", () =>
    Effect.gen(function* () {
      const error = checkErrorOf(yield* Effect.flip(offerCurrencyOf(ethereum, undefined, collection(FAKE_WETH))))
      expect(error.check).toBe("currency")
    }),
  )

  it.effect("fails when neither the app nor OpenSea names a currency, naming the collection", () =>
    Effect.gen(function* () {
      const failure = yield* Effect.flip(offerCurrencyOf(ethereum, undefined, collection(undefined)))
      expect(failure.message).toBe("No offer currency given, and OpenSea names none for devnet-punks")
    }),
  )
})
