import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, erc20Abi, getAddress, parseEther, zeroAddress, zeroHash } from "viem"
import { OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/index.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { bid, buy, list } from "../../../../src/index.js"
import type { FakeOrder } from "../../../../src/testing/index.js"
import {
  makeWorld,
  NFT,
  OPENSEA_CONDUIT,
  OPENSEA_FEE,
  run,
  SELLER,
  signedTypedData,
  WETH,
  type World,
  walletLog,
} from "./hostileKit.js"

/**
 * Issue 27, what the real OpenSea sends and refuses, at the API's edge: every answer shape its spec allows is
 * read, and nothing it would refuse is signed. Each test runs the public action against the fake OpenSea.
 */

const ONE = parseEther("1")
const FULFILMENT = "/api/v2/listings/fulfillment_data"
const buyerWorld = () =>
  makeWorld({ transfers: (user) => [{ contract: NFT, from: SELLER.address, to: user, tokenId: 1n }] })
const listed = (world: World, price = ONE, currency: Address = zeroAddress) =>
  Effect.promise(() => world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price, currency }))
const buyListing = (order: FakeOrder) =>
  buy({ items: [{ orderId: order.hash }], expectedPrice: { [order.currency]: { raw: order.price } } })
/** OpenSea answers the listing's fulfilment with `tamper` of the honest answer in `form`. */
const fulfilWith = (
  world: World,
  order: FakeOrder,
  form: "basic" | "advanced" | "available",
  tamper: (answer: any) => unknown = (a) => a,
) =>
  world.openSea.api.route("POST", FULFILMENT, () => ({
    body: tamper(structuredClone(world.openSea.fulfillmentAnswer(order, { fulfiller: world.wallet.address, form }))),
  }))

describe("fulfilment answers the spec allows", () => {
  it.effect("fulfillAvailableAdvancedOrders with its `orders` argument decodes, and exactly that order is sent", () =>
    Effect.gen(function* () {
      const world = buyerWorld()
      const listing = yield* listed(world)
      fulfilWith(world, listing, "available")
      expect(yield* run(world, buyListing(listing))).toBe(true)
      const call = decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })
      expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
      expect((call.args[0] as ReadonlyArray<{ signature: string }>).map((order) => order.signature)).toEqual([
        listing.signature,
      ])
    }),
  )

  it.effect("a maximumFulfilled wrapped as { value, bitSize, typeAsString } is read as its value", () =>
    Effect.gen(function* () {
      const world = buyerWorld()
      const listing = yield* listed(world)
      fulfilWith(world, listing, "available", (answer) => {
        answer.fulfillment_data.transaction.input_data.maximumFulfilled = {
          value: 1,
          bitSize: 256,
          typeAsString: "uint256",
        }
        return answer
      })
      expect(yield* run(world, buyListing(listing))).toBe(true)
      const call = decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })
      expect(call.args[6]).toBe(1n)
    }),
  )

  it.effect("a `value` written as a JSON number above 2^53 is read exactly from the answer's text", () =>
    Effect.gen(function* () {
      const world = buyerWorld()
      const price = 1_234_567_890_123_456_789n
      const listing = yield* listed(world, price)
      const honest = JSON.stringify(world.openSea.fulfillmentAnswer(listing, { fulfiller: world.wallet.address }))
      const raw = honest.replace(`"value":"${price}"`, `"value":${price}`)
      expect(raw).not.toBe(honest)
      world.openSea.api.route("POST", FULFILMENT, { body: raw })
      expect(yield* run(world, buyListing(listing))).toBe(true)
      expect(world.wallet.sent.map((sent) => sent.request.value)).toEqual([price])
    }),
  )

  it.effect("a zero fulfillerConduitKey makes the currency approval go to Seaport itself, not the conduit", () =>
    Effect.gen(function* () {
      const world = buyerWorld()
      const listing = yield* listed(world, ONE, WETH)
      world.chain.setBalance(WETH, world.wallet.address, ONE)
      world.openSea.api.route("POST", FULFILMENT, () => ({
        body: world.openSea.fulfillmentAnswer(listing, {
          fulfiller: world.wallet.address,
          fulfillerConduitKey: zeroHash,
        }),
      }))
      expect(yield* run(world, buyListing(listing))).toBe(true)
      const approvals = world.wallet.sent.filter((sent) => sent.request.to === WETH)
      expect(approvals).toHaveLength(1)
      const approve = decodeFunctionData({ abi: erc20Abi, data: approvals[0]!.request.data! })
      expect([approve.functionName, getAddress(approve.args[0] as string)]).toEqual(["approve", world.openSea.seaport])
      expect(getAddress(approve.args[0] as string)).not.toBe(OPENSEA_CONDUIT)
    }),
  )

  it.effect(
    "a structured error body { errors: [{ code, message }] } reaches the user as its message, nothing sent",
    () =>
      Effect.gen(function* () {
        const world = buyerWorld()
        const listing = yield* listed(world)
        world.openSea.api.route("POST", FULFILMENT, {
          status: 400,
          body: { errors: [{ code: "ORDER_NOT_FILLABLE", message: "This listing is no longer available" }] },
        })
        const error = yield* Effect.flip(run(world, buyListing(listing)))
        expect(error.message).toContain("This listing is no longer available")
        expect(world.wallet.calls).toEqual([])
      }),
  )

  it.effect("chain 137 is `polygon` in OpenSea's URLs and bodies", () =>
    Effect.gen(function* () {
      const world = makeWorld({
        chainId: 137,
        transfers: (user) => [{ contract: NFT, from: SELLER.address, to: user, tokenId: 1n }],
      })
      const listing = yield* listed(world)
      yield* Effect.exit(run(world, buyListing(listing)))
      const [order] = world.openSea.api.requests
      expect(order?.path).toBe(`/api/v2/orders/chain/polygon/protocol/${world.openSea.seaport}/${listing.hash}`)
      expect(world.openSea.api.requests.map((request) => request.path).join(" ")).not.toContain("matic")
      expect(world.wallet.sent).toHaveLength(1)
    }),
  )
})

describe("orders OpenSea would refuse are never signed", () => {
  const listerWorld = (fees: ReadonlyArray<{ fee: number; recipient: `0x${string}`; required: boolean }> = []) => {
    const world = makeWorld()
    world.openSea.addCollection({ contract: NFT, fees })
    world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
    return world
  }

  it.effect("an expiry beyond 6 months is refused before signing (nothing signed, nothing posted)", () =>
    Effect.gen(function* () {
      const world = listerWorld()
      const expirationTime = (world.chain.state.now + 200n * 24n * 3600n).toString()
      const exit = yield* Effect.exit(
        run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString(), expirationTime }] })),
      )
      expect(walletLog(world.wallet), "what reached the wallet").toBe("")
      expect(world.openSea.posted).toEqual([])
      expect(exit._tag).toBe("Failure")
    }),
  )

  it.effect("a fee that rounds to zero on a tiny price is never signed as a zero-amount item", () =>
    Effect.gen(function* () {
      const world = listerWorld([{ fee: 1, recipient: OPENSEA_FEE, required: true }])
      yield* Effect.exit(run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: "50" }] })))
      const items = signedTypedData(world.wallet).flatMap((signed) => [
        ...signed.message.offer,
        ...signed.message.consideration,
      ])
      expect(items.filter((item: any) => BigInt(item.startAmount) === 0n)).toEqual([])
    }),
  )

  it.effect(
    "a collection offer is signed as a restricted order (type 2 or 3) in OpenSea's signed zone, and OpenSea takes it",
    () =>
      Effect.gen(function* () {
        const world = makeWorld()
        world.openSea.addCollection({ contract: NFT })
        world.chain
          .setSymbol(WETH, "WETH")
          .setBalance(WETH, world.wallet.address, ONE)
          .setAllowance(WETH, world.wallet.address, OPENSEA_CONDUIT, ONE)
        const exit = yield* Effect.exit(run(world, bid({ bids: [{ collection: NFT, weiPrice: ONE.toString() }] })))
        const [signed] = signedTypedData(world.wallet)
        expect(getAddress(signed!.message.zone)).toBe(OPENSEA_SIGNED_ZONE)
        expect([2, 3]).toContain(Number(signed!.message.orderType))
        expect(exit._tag).toBe("Success")
      }),
  )
})
