import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { decodeFunctionData, parseEther } from "viem"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { sell } from "../../../../src/index.js"
import type { FakeOrder } from "../../../../src/testing/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OPENSEA_CONDUIT,
  OTHER_MAKER,
  refusalOf,
  run,
  WETH,
  type World,
} from "./hostileKit.js"

/**
 * Issue 27, selling into offers: the seller gets what the price check passed, for the token they named. Each
 * hostile fulfilment is refused before the wallet; the honest twins complete with exactly the named offer.
 */

const TEN = parseEther("10")

/** The user owns NFT #7, has approved the conduit, and sells it to OTHER_MAKER. */
const sellerWorld = () => {
  const world = makeWorld({
    transfers: (user) => [{ contract: NFT, from: user, to: OTHER_MAKER.address, tokenId: 7n }],
  })
  world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
  return world
}
const itemOffer = (world: World) =>
  Effect.promise(() => world.openSea.addOffer({ maker: OTHER_MAKER, contract: NFT, tokenId: 7n, price: TEN }))
const collectionOffer = (world: World) =>
  Effect.promise(() => world.openSea.addOffer({ maker: OTHER_MAKER, contract: NFT, price: TEN }))

/** OpenSea answers the offer's fulfilment with `tamper` of the honest answer (for token #7). */
const fulfilWith = (world: World, order: FakeOrder, tamper: (answer: any) => unknown) =>
  world.openSea.api.route("POST", "/api/v2/offers/fulfillment_data", () => ({
    body: tamper(
      structuredClone(world.openSea.fulfillmentAnswer(order, { fulfiller: world.wallet.address, tokenId: 7n })),
    ),
  }))

const sellInto = (order: FakeOrder) =>
  sell({ items: [{ token: `${NFT}:7`, orderId: order.hash }], expectedPrice: { [WETH]: { raw: TEN } } })

/** The order a sent Seaport call fills, and its arguments. */
const sentCall = (world: World) => decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })

describe("selling on a hostile OpenSea", () => {
  it.effect("the order route answering the named hash with another offer's parameters is refused (order)", () =>
    Effect.gen(function* () {
      const world = sellerWorld()
      const offer = yield* itemOffer(world)
      const other = yield* Effect.promise(() =>
        world.openSea.addOffer({ maker: OTHER_MAKER, contract: NFT, tokenId: 7n, price: TEN * 2n }),
      )
      world.openSea.api.route("GET", `/api/v2/orders/chain/ethereum/protocol/${world.openSea.seaport}/${offer.hash}`, {
        body: { order: { ...world.openSea.orderJson(other), order_hash: offer.hash } },
      })
      expectRefused(world, yield* refusalOf(world, sellInto(offer)), "order")
    }),
  )

  it.effect("an offer that no longer hashes to its name at the offerer's counter on chain is refused (order)", () =>
    Effect.gen(function* () {
      const world = sellerWorld()
      const offer = yield* itemOffer(world)
      world.chain.setCounter(world.openSea.seaport, OTHER_MAKER.address, 1n)
      expectRefused(world, yield* refusalOf(world, sellInto(offer)), "order")
    }),
  )

  it.effect("honest twin: an item offer of 10 WETH is accepted with exactly its signed order, paid to the seller", () =>
    Effect.gen(function* () {
      const world = sellerWorld()
      const offer = yield* itemOffer(world)
      expect(yield* run(world, sellInto(offer))).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      const call = sentCall(world)
      expect(call.functionName).toBe("fulfillAdvancedOrder")
      const [advanced, , , recipient] = call.args as unknown as [
        { signature: string; numerator: bigint; denominator: bigint },
        unknown,
        unknown,
        string,
      ]
      expect(advanced.signature).toBe(offer.signature)
      expect(advanced.numerator).toBe(advanced.denominator)
      expect(recipient).toBe(world.wallet.address)
    }),
  )

  it.effect("honest twin: a collection offer is accepted for the token named (#7)", () =>
    Effect.gen(function* () {
      const world = sellerWorld()
      const offer = yield* collectionOffer(world)
      expect(yield* run(world, sellInto(offer))).toBe(true)
      const resolvers = sentCall(world).args[1] as ReadonlyArray<{ identifier: bigint }>
      expect(resolvers.map((resolver) => resolver.identifier)).toEqual([7n])
    }),
  )

  it.effect(
    "(f) an offer price-checked at 10 WETH, filled by a fulfilment that pays the seller 1 wei, is refused",
    () =>
      Effect.gen(function* () {
        const world = sellerWorld()
        const offer = yield* itemOffer(world)
        // The named order, really signed, filled for a 10^-19 fraction: the seller's consideration is 1 wei.
        fulfilWith(world, offer, (answer) => {
          answer.fulfillment_data.transaction.input_data.advancedOrder.numerator = "1"
          answer.fulfillment_data.transaction.input_data.advancedOrder.denominator = "10000000000000000000"
          return answer
        })
        expectRefused(world, yield* refusalOf(world, sellInto(offer)), ["sale", "payment"])
      }),
  )

  it.effect(
    "(g) a fulfilment that takes another token of the collection (#8, not the #7 named) is refused (token)",
    () =>
      Effect.gen(function* () {
        const world = sellerWorld()
        const offer = yield* collectionOffer(world)
        fulfilWith(world, offer, (answer) => {
          answer.fulfillment_data.transaction.input_data.criteriaResolvers[0].identifier = "8"
          return answer
        })
        // The criteria resolves to another token than the one named.
        expectRefused(world, yield* refusalOf(world, sellInto(offer)), ["token", "criteria"])
      }),
  )
})
