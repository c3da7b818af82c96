import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { decodeFunctionData, parseEther, zeroAddress } from "viem"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { buy } from "../../../../src/index.js"
import type { FakeOrder } from "../../../../src/testing/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OPENSEA_FEE,
  OTHER_NFT,
  refusalOf,
  run,
  SELLER,
  WETH,
  type World,
} from "./hostileKit.js"

/**
 * Issue 32: a buy's `quantity` of an ERC-1155 listing of more units is a Seaport partial fill. OpenSea is asked for
 * `units_to_fill`, its fulfilment must fill exactly `quantity/units` of the listing, and pay at most the signed
 * prices times that fraction; anything else is refused before the wallet.
 */

const FULFILMENT = "/api/v2/listings/fulfillment_data"
const TEN = parseEther("10")

/** A world whose fake OpenSea holds a 10-unit ERC-1155 listing of token 1 at 10 ETH (1 ETH a unit, 1 % fee). */
const tenUnits = (orderType?: number, currency?: typeof WETH) =>
  Effect.promise(async () => {
    const world = makeWorld({ transfers: (to) => [{ contract: NFT, from: SELLER.address, to, tokenId: 1n }] })
    world.openSea.addCollection({
      contract: NFT,
      standard: "erc1155",
      fees: [{ fee: 1, recipient: OPENSEA_FEE, required: true }],
    })
    const listing = await world.openSea.addListing({
      maker: SELLER,
      contract: NFT,
      tokenId: 1n,
      price: TEN,
      amount: 10n,
      orderType,
      currency,
    })
    return { world, listing }
  })

const buyUnits = (listing: FakeOrder, quantity: number) => buy({ items: [{ orderId: listing.hash, quantity }] })

/** The Seaport call the wallet sent, decoded. */
const sentCall = (world: World) => decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })

/** OpenSea answers the fulfilment with `tamper` of its honest answer for `unitsToFill` units. */
const fulfilWith = (
  world: World,
  listing: FakeOrder,
  unitsToFill: bigint,
  tamper: (answer: any) => unknown = (a) => a,
) =>
  world.openSea.api.route("POST", FULFILMENT, () => ({
    body: tamper(
      structuredClone(world.openSea.fulfillmentAnswer(listing, { fulfiller: world.wallet.address, unitsToFill })),
    ),
  }))

describe("quantity as a Seaport partial fill", () => {
  it.effect("`quantity: 1` of a 10-unit listing asks units_to_fill 1, fills 1/10 and pays exactly a tenth", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      // The price checked is that of the unit bought: 1 ETH expected, with no slippage, passes.
      const expectedPrice = { [zeroAddress]: { raw: TEN / 10n } }
      expect(yield* run(world, buy({ items: [{ orderId: listing.hash, quantity: 1 }], expectedPrice }))).toBe(true)
      expect(world.openSea.api.requestsTo(FULFILMENT).map((request) => (request.body as any).units_to_fill)).toEqual([
        1,
      ])
      expect(world.wallet.sent).toHaveLength(1)
      expect(world.wallet.sent[0]!.request.value).toBe(TEN / 10n)
      const call = sentCall(world)
      expect(call.functionName).toBe("fulfillAdvancedOrder")
      const order = call.args[0] as { numerator: bigint; denominator: bigint }
      expect(order.numerator * 10n).toBe(order.denominator)
    }),
  )

  it.effect("`quantity: 3` of a 10-unit listing pays exactly three tenths", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      yield* run(world, buyUnits(listing, 3))
      expect(world.wallet.sent[0]!.request.value).toBe((TEN * 3n) / 10n)
      const order = sentCall(world).args[0] as { numerator: bigint; denominator: bigint }
      expect(order.numerator * 10n).toBe(order.denominator * 3n)
    }),
  )

  it.effect(
    "`quantity: 1` of a 10-unit WETH listing fills 1/10 at a tenth of the price checked, sending no value",
    () =>
      Effect.gen(function* () {
        const { world, listing } = yield* tenUnits(undefined, WETH)
        const expectedPrice = { [WETH]: { raw: TEN / 10n } }
        expect(yield* run(world, buy({ items: [{ orderId: listing.hash, quantity: 1 }], expectedPrice }))).toBe(true)
        const sale = world.wallet.sent.at(-1)!
        expect(sale.request.value ?? 0n).toBe(0n)
        const order = decodeFunctionData({ abi: seaportAbi, data: sale.request.data! }).args[0] as {
          numerator: bigint
          denominator: bigint
        }
        expect(order.numerator * 10n).toBe(order.denominator)
      }),
  )

  it.effect(
    "a sweep of 1 unit of the 10-unit listing and a whole ERC-721 listing fills 1/10 and 1/1, paying 2 ETH",
    () =>
      Effect.gen(function* () {
        const { world, listing } = yield* tenUnits()
        const whole = yield* Effect.promise(() =>
          world.openSea.addListing({ maker: SELLER, contract: OTHER_NFT, tokenId: 2n, price: parseEther("1") }),
        )
        const items = [{ orderId: listing.hash, quantity: 1 }, { orderId: whole.hash }]
        expect(yield* run(world, buy({ items }))).toBe(true)
        expect(world.wallet.sent[0]!.request.value).toBe(parseEther("2"))
        const call = sentCall(world)
        expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
        const orders = call.args[0] as ReadonlyArray<{ signature: string; numerator: bigint; denominator: bigint }>
        const fractionOf = (order: FakeOrder) => orders.find((filled) => filled.signature === order.signature)!
        expect(fractionOf(listing).numerator * 10n).toBe(fractionOf(listing).denominator)
        expect(fractionOf(whole).numerator).toBe(fractionOf(whole).denominator)
      }),
  )

  it.effect("a fulfilment that fills 10/10 when 1 unit was asked is refused before the wallet", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      fulfilWith(world, listing, 10n)
      expectRefused(world, yield* refusalOf(world, buyUnits(listing, 1)), ["fraction", "value"])
    }),
  )

  it.effect("a fulfilment that fills 10/10 for the value of 1 unit is refused before the wallet, by its fraction", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      fulfilWith(world, listing, 10n, (answer) => {
        answer.fulfillment_data.transaction.value = (TEN / 10n).toString()
        return answer
      })
      expectRefused(world, yield* refusalOf(world, buyUnits(listing, 1)), "fraction")
    }),
  )

  it.effect("the price checked is that of the units bought: an expected price of 1 unit refuses 2 units", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      const expectedPrice = { [zeroAddress]: { raw: TEN / 10n } }
      const error = yield* refusalOf(world, buy({ items: [{ orderId: listing.hash, quantity: 2 }], expectedPrice }))
      expect(world.wallet.sent).toEqual([])
      expect(error).toMatchObject({ _tag: "PriceMismatchError" })
    }),
  )

  it.effect("a fulfilment that fills 2/10 when 1 unit was asked is refused before the wallet", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      fulfilWith(world, listing, 2n, (answer) => {
        answer.fulfillment_data.transaction.value = (TEN / 10n).toString()
        return answer
      })
      expectRefused(world, yield* refusalOf(world, buyUnits(listing, 1)), "fraction")
    }),
  )

  it.effect("a fulfilment of 1/10 that sends more native value than a tenth is refused before the wallet", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      fulfilWith(world, listing, 1n, (answer) => {
        answer.fulfillment_data.transaction.value = (TEN / 10n + 1n).toString()
        return answer
      })
      expectRefused(world, yield* refusalOf(world, buyUnits(listing, 1)), "value")
    }),
  )

  it.effect("a `quantity` above the listing's units is refused, naming the option: nothing sent", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      const error = yield* refusalOf(world, buyUnits(listing, 11))
      expect(world.wallet.calls).toEqual([])
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea" })
      expect((error as { what: string }).what).toContain("quantity")
    }),
  )

  it.effect("part of a listing its offerer signed for whole fills only (FULL_OPEN) is refused: nothing sent", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits(0)
      const error = yield* refusalOf(world, buyUnits(listing, 1))
      expect(world.wallet.calls).toEqual([])
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea" })
      expect(world.openSea.api.requestsTo(FULFILMENT)).toEqual([])
    }),
  )

  it.effect("the fake OpenSea refuses units_to_fill above the listing's units, as OpenSea does", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* tenUnits()
      const answer = world.openSea.honestAnswer({
        method: "POST",
        path: FULFILMENT,
        body: {
          listing: { hash: listing.hash, chain: world.openSea.chainName, protocol_address: world.openSea.seaport },
          fulfiller: { address: world.wallet.address },
          units_to_fill: 11,
        },
      } as any)
      expect((yield* answer).status).toBe(400)
    }),
  )
})
