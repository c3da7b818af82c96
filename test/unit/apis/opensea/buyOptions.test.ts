import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { parseEther, zeroAddress } from "viem"
import { buy, type ExecuteResponse, sell } from "../../../../src/index.js"
import { makeWorld, NFT, refusalOf, run, SELLER, WETH, type World } from "./hostileKit.js"

/**
 * Issue 32: every option of a buy on the OpenSea book is honoured or refused before the wallet, never dropped.
 * Refused: `feesOnTop` (OpenSea's fulfilment adds none), a `currency` other than the listing's, a `quantity` other
 * than 1 to the listing's units (fewer is a partial fill: partialFill.test.ts) and `partial: false` on a sweep
 * with a listing gone.
 */

const ONE = parseEther("1")
const world = () => makeWorld({ transfers: (to) => [{ contract: NFT, from: SELLER.address, to, tokenId: 1n }] })
const listed = (w: World, tokenId = 1n) =>
  Effect.promise(() => w.openSea.addListing({ maker: SELLER, contract: NFT, tokenId, price: ONE }))

/** The failure is an UnsupportedByBookError of the OpenSea book naming `option`, and nothing reached the wallet. */
const expectUnsupported = (w: World, error: unknown, option: string) => {
  expect(w.wallet.calls).toEqual([])
  expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea" })
  expect((error as { what: string }).what).toContain(option)
}

describe("buy options on the OpenSea book", () => {
  it.effect("`feesOnTop` is refused, naming the option: nothing sent", () =>
    Effect.gen(function* () {
      const w = world()
      const listing = yield* listed(w)
      const error = yield* refusalOf(
        w,
        buy({ items: [{ orderId: listing.hash }], options: { feesOnTop: [`${SELLER.address}:100`] } }),
      )
      expectUnsupported(w, error, "feesOnTop")
    }),
  )

  it.effect("a `currency` other than the listing's is refused: nothing sent", () =>
    Effect.gen(function* () {
      const w = world()
      const listing = yield* listed(w)
      const error = yield* refusalOf(w, buy({ items: [{ orderId: listing.hash }], options: { currency: WETH } }))
      expectUnsupported(w, error, "currency")
    }),
  )

  it.effect("the listing's own `currency` is honoured: the listing is bought", () =>
    Effect.gen(function* () {
      const w = world()
      const listing = yield* listed(w)
      expect(yield* run(w, buy({ items: [{ orderId: listing.hash }], options: { currency: zeroAddress } }))).toBe(true)
      expect(w.wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("a `quantity` above the listing's units is refused: never paid for units not sold", () =>
    Effect.gen(function* () {
      const w = world()
      const listing = yield* listed(w)
      const error = yield* refusalOf(w, buy({ items: [{ orderId: listing.hash, quantity: 2 }] }))
      expectUnsupported(w, error, "quantity")
    }),
  )

  it.effect("a `quantity` of exactly the listing's units is honoured", () =>
    Effect.gen(function* () {
      const w = world()
      const listing = yield* listed(w)
      expect(yield* run(w, buy({ items: [{ orderId: listing.hash, quantity: 1 }] }))).toBe(true)
      expect(w.wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("`partial: false` on a sweep with a listing gone fails naming it; `partial: true` buys the rest", () =>
    Effect.gen(function* () {
      const w = world()
      const listings = [yield* listed(w, 1n), yield* listed(w, 2n), yield* listed(w, 3n)]
      ;(listings[2] as { cancelled: boolean }).cancelled = true
      const items = listings.map((listing) => ({ orderId: listing.hash }))
      const error = yield* refusalOf(w, buy({ items, options: { partial: false }, precheck: true }))
      expect(w.wallet.calls).toEqual([])
      expect(String((error as { message: string }).message)).toContain(listings[2]!.hash)
      const answer = (yield* run(w, buy({ items, options: { partial: true }, precheck: true }))) as ExecuteResponse
      expect(answer.errors).toEqual([expect.objectContaining({ orderId: listings[2]!.hash })])
    }),
  )
})

describe("sell options on the OpenSea book", () => {
  it.effect("`feesOnTop` on a sale is refused, naming the option: nothing sent", () =>
    Effect.gen(function* () {
      const w = world()
      const error = yield* refusalOf(
        w,
        sell({ items: [{ token: `${NFT}:1` }], options: { feesOnTop: [`${SELLER.address}:100`] } }),
      )
      expectUnsupported(w, error, "feesOnTop")
    }),
  )

  it.effect("`partial: true` on a sale of several tokens is refused: the book does not skip an offer gone", () =>
    Effect.gen(function* () {
      const w = world()
      const items = [{ token: `${NFT}:1` }, { token: `${NFT}:2` }]
      const error = yield* refusalOf(w, sell({ items, options: { partial: true } }))
      expectUnsupported(w, error, "partial")
    }),
  )

  it.effect("a `quantity` other than the one unit a fulfilment sells is refused: nothing sent", () =>
    Effect.gen(function* () {
      const w = world()
      const error = yield* refusalOf(w, sell({ items: [{ token: `${NFT}:1`, quantity: 5 }] }))
      expectUnsupported(w, error, "quantity")
    }),
  )
})
