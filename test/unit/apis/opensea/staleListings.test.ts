import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Hex, parseEther, zeroAddress } from "viem"
import { OPENSEA_CONDUIT } from "../../../../src/apis/opensea/index.js"
import { buy, type ExecutionSnapshot } from "../../../../src/index.js"
import { type FakeOrder, transferReceipt } from "../../../../src/testing/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OTHER_MAKER,
  OTHER_NFT,
  refusalOf,
  run,
  SELLER,
  STRANGER,
  type World,
} from "./hostileKit.js"

/**
 * Issue 33: a listing its maker can no longer deliver (the token moved, burned, or its approval to the listing's
 * conduit revoked) is read on the chain before the wallet: a sweep leaves it out and names it, a single buy of it
 * fails typed with nothing sent, and `partial: false` fails a sweep with one whole.
 */

const PRICES = [parseEther("1"), parseEther("2"), parseEther("3")]

/** A world whose mined transactions deliver `filled()`'s tokens to the wallet. */
const staleWorld = (filled: () => ReadonlyArray<FakeOrder>) => {
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
  return world
}

/** Two listings by SELLER (tokens 1, 2) and one by OTHER_MAKER (token 3). */
const listThree = (world: World) =>
  Effect.promise(() =>
    Promise.all(
      PRICES.map((price, index) =>
        world.openSea.addListing({
          maker: index === 2 ? OTHER_MAKER : SELLER,
          contract: NFT,
          tokenId: BigInt(index + 1),
          price,
        }),
      ),
    ),
  )

const fulfilmentRequests = (world: World) =>
  world.openSea.api.requests.filter((request) => request.path.endsWith("/fulfillment_data"))

describe("OpenSea listings that cannot fill", () => {
  it.effect("a sweep of three with one moved and one revoked buys the one left and names both", () =>
    Effect.gen(function* () {
      let listings: ReadonlyArray<FakeOrder> = []
      const world = staleWorld(() => listings.slice(0, 1))
      listings = yield* listThree(world)
      world.chain.setOwner(NFT, 2n, STRANGER)
      world.chain.setApprovedForAll(NFT, OTHER_MAKER.address, OPENSEA_CONDUIT, false)
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
      expect(world.wallet.sent).toHaveLength(1)
      expect(world.wallet.sent[0]!.request.value).toBe(PRICES[0])
      expect(fulfilmentRequests(world)).toHaveLength(1)
      const errors = snapshots.at(-1)?.errors ?? []
      expect(errors.map((error) => error.orderId)).toEqual([listings[1]!.hash, listings[2]!.hash])
      expect(errors[0]!.message).toContain(`${NFT}:2`)
      expect(errors[0]!.message).toContain(`${STRANGER} does`)
      expect(errors[1]!.message).toContain(`${NFT}:3`)
      expect(errors[1]!.message).toContain(`no longer approves ${OPENSEA_CONDUIT}`)
    }),
  )

  it.effect(
    "a single buy of a moved listing fails typed, naming token, order and why: nothing asked of the wallet",
    () =>
      Effect.gen(function* () {
        const world = staleWorld(() => [])
        const [listing] = yield* listThree(world)
        world.chain.setOwner(NFT, 1n, STRANGER)
        const error = yield* refusalOf(world, buy({ items: [{ orderId: listing!.hash }] }))
        expectRefused(world, error, "fillable")
        const message = (error as { message: string }).message
        expect(message).toContain(`${NFT}:1`)
        expect(message).toContain(listing!.hash)
        expect(message).toContain("no longer owns the token")
        expect(fulfilmentRequests(world)).toHaveLength(0)
      }),
  )

  it.effect("a single buy of a burned token (ownerOf reverts) fails typed: nothing asked of the wallet", () =>
    Effect.gen(function* () {
      const world = staleWorld(() => [])
      const [listing] = yield* listThree(world)
      world.chain.setOwner(NFT, 1n, undefined)
      const error = yield* refusalOf(world, buy({ items: [{ orderId: listing!.hash }] }))
      expectRefused(world, error, "fillable")
      expect((error as { message: string }).message).toContain("no longer exists")
    }),
  )

  it.effect(
    "a single buy of an ERC-1155 listing whose maker holds fewer units than listed fails typed: nothing sent",
    () =>
      Effect.gen(function* () {
        const world = staleWorld(() => [])
        world.openSea.addCollection({ contract: OTHER_NFT, standard: "erc1155" })
        const listing = yield* Effect.promise(() =>
          world.openSea.addListing({ maker: SELLER, contract: OTHER_NFT, tokenId: 7n, price: PRICES[0]! }),
        )
        world.chain.setUnits(OTHER_NFT, SELLER.address, 7n, 0n)
        const error = yield* refusalOf(world, buy({ items: [{ orderId: listing.hash }] }))
        expectRefused(world, error, "fillable")
        expect((error as { message: string }).message).toContain("holds 0 of the 1 unit(s) this fill moves")
        expect(world.chain.reads).toContain(
          `unitsOf:${[OTHER_NFT, SELLER.address].map((part) => part.toLowerCase()).join(":")}:7`,
        )
      }),
  )

  it.effect("`partial: false` fails a sweep with a revoked listing whole, naming it; nothing asked of the wallet", () =>
    Effect.gen(function* () {
      const world = staleWorld(() => [])
      const listings = yield* listThree(world)
      world.chain.setApprovedForAll(NFT, OTHER_MAKER.address, OPENSEA_CONDUIT, false)
      const items = listings.map((listing) => ({ orderId: listing.hash }))
      const error = yield* refusalOf(world, buy({ items, options: { partial: false } }))
      expectRefused(world, error, "fillable")
      expect((error as { message: string }).message).toContain(listings[2]!.hash)
    }),
  )

  it.effect("a listing whose maker owns and approved it is bought as before (the reads are made)", () =>
    Effect.gen(function* () {
      let listings: ReadonlyArray<FakeOrder> = []
      const world = staleWorld(() => listings.slice(0, 1))
      listings = yield* listThree(world)
      expect(yield* run(world, buy({ items: [{ orderId: listings[0]!.hash }] }))).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      expect(world.chain.reads).toContain(`ownerOf:${NFT.toLowerCase()}:1`)
      expect(world.chain.reads).toContain(
        `isApprovedForAll:${[NFT, SELLER.address, OPENSEA_CONDUIT].map((part) => part.toLowerCase()).join(":")}`,
      )
    }),
  )
})
