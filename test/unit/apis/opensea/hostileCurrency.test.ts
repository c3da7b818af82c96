import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, erc20Abi, getAddress, maxUint256, parseEther, zeroAddress } from "viem"
import { bid, buy, list } from "../../../../src/index.js"
import * as kit from "./hostileKit.js"

const { expectRefused, makeWorld, NFT, OPENSEA_CONDUIT, POLYGON, POLYGON_WETH, refusalOf, run, SELLER } = kit
const { signedTypedData, WETH } = kit

/**
 * Issue 32, currencies: a listing or offer is signed in the app's currency, the chain's native or wrapped native
 * currency, or one of OpenSea's published listing/offer currencies of the chain; a currency only the API names is
 * refused before any signature or approval. An expected price the plan does not pay in fails the price check.
 */

const ONE = parseEther("1")
/** A token that calls itself WETH, at an address OpenSea never published. */
const FAKE_WETH = getAddress("0x00000000000000000000000000000000000e7e01")
const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")

/** A user whose token is approved for the conduit, in a fee-free collection whose listing currency is `currency`. */
const lister = (currency: Address, chainId: 1 | 137 = 1) => {
  const world = makeWorld({ chainId })
  world.openSea.addCollection({ contract: NFT, fees: [], listingCurrency: currency })
  world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true).setSymbol(currency, "WETH")
  return world
}
const listOne = (currency?: string, chainId?: number) =>
  list({
    listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString(), ...(currency !== undefined ? { currency } : {}) }],
    ...(chainId !== undefined ? { chainId } : {}),
  })
const signedCurrencies = (world: ReturnType<typeof makeWorld>, side: "offer" | "consideration") =>
  signedTypedData(world.wallet).flatMap((data) => data.message[side].map((item: any) => getAddress(item.token)))

describe("the currency of a listing", () => {
  it.effect("a listing currency only the API names (a token calling itself WETH) is refused before the signature", () =>
    Effect.gen(function* () {
      const world = lister(FAKE_WETH)
      const error = yield* refusalOf(world, listOne())
      expectRefused(world, error, "currency")
      expect((error as { message: string }).message).toContain(FAKE_WETH)
    }),
  )

  it.effect("honest twin: OpenSea's published listing currency on Polygon (WETH) is signed", () =>
    Effect.gen(function* () {
      const world = lister(POLYGON_WETH, 137)
      yield* run(world, listOne(undefined, POLYGON.id))
      expect(signedCurrencies(world, "consideration")).toEqual([POLYGON_WETH])
    }),
  )

  it.effect("honest twin: native when OpenSea names the zero address; the app's own currency when it names one", () =>
    Effect.gen(function* () {
      const native = lister(zeroAddress)
      yield* run(native, listOne())
      expect(signedCurrencies(native, "consideration")).toEqual([zeroAddress])
      const chosen = lister(FAKE_WETH)
      yield* run(chosen, listOne(USDC))
      expect(signedCurrencies(chosen, "consideration")).toEqual([USDC])
    }),
  )
})

/** A user making offers with `balance` of `currency`, the conduit allowed `allowance` of it. */
const bidder = (currency: Address, symbol: string, balance: bigint, allowance: bigint, offerCurrency = currency) => {
  const world = makeWorld()
  world.openSea.addCollection({ contract: NFT, offerCurrency })
  world.chain
    .setSymbol(currency, symbol)
    .setBalance(currency, world.wallet.address, balance)
    .setAllowance(currency, world.wallet.address, OPENSEA_CONDUIT, allowance)
  return world
}
const bidOne = (currency?: string) =>
  bid({ bids: [{ token: `${NFT}:5`, weiPrice: ONE.toString(), ...(currency !== undefined ? { currency } : {}) }] })

describe("the currency of an offer", () => {
  it.effect("an offer currency only the API names is refused before the approval and the signature", () =>
    Effect.gen(function* () {
      // Enough balance, no allowance: before the rule, the conduit was approved for the look-alike, then it was signed.
      const world = bidder(FAKE_WETH, "WETH", ONE, 0n)
      const error = yield* refusalOf(world, bidOne())
      expectRefused(world, error, "currency")
      expect((error as { message: string }).message).toContain(FAKE_WETH)
    }),
  )

  it.effect("honest twin: the chain's WETH that OpenSea names is approved and signed", () =>
    Effect.gen(function* () {
      const world = bidder(WETH, "WETH", ONE, 0n)
      yield* run(world, bidOne())
      expect(world.wallet.sent.map((sent) => sent.request.to)).toEqual([WETH])
      expect(signedCurrencies(world, "offer")).toEqual([WETH])
    }),
  )
})

describe("the trusted offer currencies of a chain", () => {
  const WPOL = getAddress("0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270")
  /** An offer on Polygon in the collection's `currency`, held and allowed in full. */
  const polygonOffer = (currency: Address) => {
    const world = makeWorld({ chainId: 137 })
    world.openSea.addCollection({ contract: NFT, offerCurrency: currency })
    world.chain
      .setSymbol(currency, "WETH")
      .setBalance(currency, world.wallet.address, ONE)
      .setAllowance(currency, world.wallet.address, OPENSEA_CONDUIT, ONE)
    const offer = bid({ bids: [{ token: `${NFT}:5`, weiPrice: ONE.toString() }], chainId: POLYGON.id })
    return { world, offer }
  }

  it.effect("on Polygon, OpenSea's published WETH and the chain's WPOL are signed", () =>
    Effect.gen(function* () {
      for (const currency of [POLYGON_WETH, WPOL]) {
        const { world, offer } = polygonOffer(currency)
        yield* run(world, offer)
        expect(signedCurrencies(world, "offer")).toEqual([currency])
      }
    }),
  )

  it.effect("mainnet's WETH named on Polygon, or the native currency named for an offer, is refused (currency)", () =>
    Effect.gen(function* () {
      for (const currency of [WETH, zeroAddress]) {
        const { world, offer } = polygonOffer(currency)
        expectRefused(world, yield* refusalOf(world, offer), "currency")
      }
    }),
  )
})

describe("the plan steps of an offer", () => {
  it.effect("a short but non-zero allowance gets an unlimited approval of the conduit before the signature", () =>
    Effect.gen(function* () {
      const world = bidder(WETH, "WETH", ONE, ONE - 1n)
      yield* run(world, bidOne())
      const [approval, ...more] = world.wallet.sent
      expect(more).toEqual([])
      expect(approval!.request.to).toBe(WETH)
      const call = decodeFunctionData({ abi: erc20Abi, data: approval!.request.data! })
      expect([call.functionName, ...call.args]).toEqual(["approve", OPENSEA_CONDUIT, maxUint256])
      expect(signedCurrencies(world, "offer")).toEqual([WETH])
    }),
  )

  it.effect("an allowance of exactly the price gets no approval", () =>
    Effect.gen(function* () {
      const world = bidder(WETH, "WETH", ONE, ONE)
      yield* run(world, bidOne())
      expect(kit.walletLog(world.wallet)).toBe('signed "OrderComponents"')
    }),
  )

  it.effect("an offer in the app's USDC with a short balance gets no wrap and is signed", () =>
    Effect.gen(function* () {
      const world = bidder(USDC, "USDC", 0n, ONE, WETH)
      yield* run(world, bidOne(USDC))
      expect(world.wallet.sent).toEqual([])
      expect(signedCurrencies(world, "offer")).toEqual([USDC])
    }),
  )
})

describe("the price check of an OpenSea buy", () => {
  it.effect("an expected price in a currency the plan does not pay in is a PriceMismatchError, nothing sent", () =>
    Effect.gen(function* () {
      const world = makeWorld({ transfers: (to) => [{ contract: NFT, from: SELLER.address, to, tokenId: 1n }] })
      const five = { maker: SELLER, contract: NFT, tokenId: 1n, price: parseEther("5") }
      const listing = yield* Effect.promise(() => world.openSea.addListing(five))
      const expectedPrice = { [USDC]: { raw: 5_000_000n } }
      const error = yield* refusalOf(world, buy({ items: [{ orderId: listing.hash }], expectedPrice }))
      expect(error).toMatchObject({ _tag: "PriceMismatchError", currency: USDC, quoteRaw: "0", expectedRaw: "5000000" })
      expect(kit.walletLog(world.wallet)).toBe("")
    }),
  )
})
