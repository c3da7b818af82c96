import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Hex, parseEther, zeroAddress } from "viem"
import { buy, type ExecutionSnapshot } from "../../../../../src/index.js"
import { type FakeOrder, transferReceipt } from "../../../../../src/testing/index.js"
import { makeWorld, NFT, refusalOf, run, SELLER, type World } from "../hostileKit.js"

/**
 * The reasons a buy steers by: OpenSea refusing a listing's fulfilment as a bad request, not found or gone leaves
 * that listing out of a sweep and names it; any other refusal (a 422) fails the buy as OpenSea said it.
 */

const PRICES = [parseEther("1"), parseEther("2"), parseEther("3")]
const FULFILMENT = "/api/v2/listings/fulfillment_data"

/** Three listings by SELLER (tokens 1 to 3); the mined sweep delivers `filled()`'s tokens. */
const worldOfThree = (filled: () => ReadonlyArray<FakeOrder>) =>
  Effect.gen(function* () {
    const world = makeWorld()
    world.chain.setReceiptOf((hash: Hex) =>
      transferReceipt(
        hash,
        filled().map((order) => ({
          contract: NFT,
          from: SELLER.address,
          to: world.wallet.address,
          tokenId: order.tokenId!,
        })),
        world.wallet.address,
      ),
    )
    const listings = yield* Effect.promise(() =>
      Promise.all(
        PRICES.map((price, index) =>
          world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: BigInt(index + 1), price }),
        ),
      ),
    )
    return { world, listings }
  })

/** OpenSea answers the fulfilment of each listing named in `refusals` with that status, the others honestly. */
const refuseFulfilments = (world: World, refusals: ReadonlyMap<string, number>) =>
  world.openSea.api.route("POST", FULFILMENT, (request) => {
    const status = refusals.get((request.body as { listing: { hash: string } }).listing.hash)
    return status === undefined
      ? world.openSea.honestAnswer(request)
      : { status, body: { errors: [`OpenSea answers ${status} for this listing`] } }
  })

describe("a buy's gone listings, by OpenSea's reason", () => {
  it.effect("a fulfilment refused as a bad request (400) or gone (410) leaves the listing out of a sweep", () =>
    Effect.gen(function* () {
      let filled: ReadonlyArray<FakeOrder> = []
      const { world, listings } = yield* worldOfThree(() => filled)
      filled = listings.slice(0, 1)
      refuseFulfilments(
        world,
        new Map([
          [listings[1]!.hash, 400],
          [listings[2]!.hash, 410],
        ]),
      )
      const snapshots: Array<ExecutionSnapshot> = []
      const done = yield* run(
        world,
        buy({
          items: listings.map((listing) => ({ orderId: listing.hash })),
          expectedPrice: { [zeroAddress]: { raw: PRICES[0]! } },
          onProgress: (snapshot: ExecutionSnapshot) => Effect.sync(() => snapshots.push(snapshot)),
        }),
      )
      expect(done).toBe(true)
      expect(world.wallet.sent.map((sent) => sent.request.value)).toEqual([PRICES[0]])
      const errors = snapshots.at(-1)?.errors ?? []
      expect(errors.map((error) => [error.orderId, error.message])).toEqual([
        [listings[1]!.hash, "OpenSea answers 400 for this listing"],
        [listings[2]!.hash, "OpenSea answers 410 for this listing"],
      ])
    }),
  )

  it.effect("any other refusal (422) is no gone listing: the buy fails with OpenSea's status, nothing sent", () =>
    Effect.gen(function* () {
      const { world, listings } = yield* worldOfThree(() => [])
      refuseFulfilments(world, new Map([[listings[1]!.hash, 422]]))
      const error = yield* refusalOf(world, buy({ items: listings.map((listing) => ({ orderId: listing.hash })) }))
      expect(error).toMatchObject({
        _tag: "APIError",
        statusCode: 422,
        book: "opensea",
        message: "OpenSea answers 422 for this listing",
      })
      expect(world.wallet.sent).toHaveLength(0)
    }),
  )
})
