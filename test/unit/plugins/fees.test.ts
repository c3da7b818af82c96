import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { bid } from "../../../src/actions/bid.js"
import { buy } from "../../../src/actions/buy.js"
import { list } from "../../../src/actions/list.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { doneResponse, setupActions } from "../actions/actionFixtures.js"
import { NFT } from "../fixtures.js"

const GLOBAL = ["0x000000000000000000000000000000000000aaaa:100"]
const CHAIN = ["0x000000000000000000000000000000000000bbbb:250"]
const token = `${NFT}:1`

const listedWith = (options: Parameters<typeof setupActions>[0], listing: Record<string, unknown>) =>
  Effect.gen(function* () {
    const { api, run } = setupActions(options)
    api.route("POST", "/execute/list/v5", { body: doneResponse })
    yield* run(list({ listings: [listing] }))
    return (api.requests[0]!.body as { params: ReadonlyArray<unknown> }).params[0]
  })

describe("fees plugin", () => {
  it.effect.each<readonly [string, Record<string, unknown>]>([
    ["no order book", {}],
    ["the reservoir order book", { orderbook: "reservoir" }],
  ])("with %s, a listing without fees gets the global marketplaceFees", ([, extra]) =>
    Effect.gen(function* () {
      const params = yield* listedWith({ marketplaceFees: GLOBAL }, { token, weiPrice: "1", ...extra })
      expect(params).toEqual({ token, weiPrice: "1", ...extra, marketplaceFees: GLOBAL })
    }),
  )

  it.effect("another order book gets no fees", () =>
    Effect.gen(function* () {
      const params = yield* listedWith({ marketplaceFees: GLOBAL }, { token, weiPrice: "1", orderbook: "opensea" })
      expect(params).toEqual({ token, weiPrice: "1", orderbook: "opensea" })
    }),
  )

  it.effect.each<readonly [string, Record<string, unknown>]>([
    ["fees", { fees: ["0x:1"] }],
    ["marketplaceFees", { marketplaceFees: ["0x:2"] }],
    ["an empty marketplaceFees", { marketplaceFees: [] }],
  ])("a listing that has its own %s keeps them", ([, own]) =>
    Effect.gen(function* () {
      const params = yield* listedWith({ marketplaceFees: GLOBAL }, { token, weiPrice: "1", ...own })
      expect(params).toEqual({ token, weiPrice: "1", ...own })
    }),
  )

  it.effect("the active chain's marketplaceFees win over the global ones", () =>
    Effect.gen(function* () {
      const params = yield* listedWith(
        { marketplaceFees: GLOBAL, chains: [{ ...TEST_CHAIN, marketplaceFees: CHAIN }] },
        { token, weiPrice: "1" },
      )
      expect(params).toMatchObject({ marketplaceFees: CHAIN })
    }),
  )

  it.effect("an empty chain list of fees falls back to the global ones", () =>
    Effect.gen(function* () {
      const params = yield* listedWith(
        { marketplaceFees: GLOBAL, chains: [{ ...TEST_CHAIN, marketplaceFees: [] }] },
        { token, weiPrice: "1" },
      )
      expect(params).toMatchObject({ marketplaceFees: GLOBAL })
    }),
  )

  it.effect("without any configured fees nothing is added", () =>
    Effect.gen(function* () {
      const params = yield* listedWith({}, { token, weiPrice: "1" })
      expect(params).toEqual({ token, weiPrice: "1" })
    }),
  )

  it.effect("automatedRoyalties is copied from the settings only when the item lacks it", () =>
    Effect.gen(function* () {
      expect(yield* listedWith({ automatedRoyalties: false }, { token })).toEqual({ token, automatedRoyalties: false })
      expect(yield* listedWith({ automatedRoyalties: false }, { token, automatedRoyalties: true })).toEqual({
        token,
        automatedRoyalties: true,
      })
      expect(yield* listedWith({}, { token })).toEqual({ token })
    }),
  )

  it.effect("bids get the same fees and royalties, and the caller's objects are not changed", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions({ marketplaceFees: GLOBAL, automatedRoyalties: true })
      api.route("POST", "/execute/bid/v5", { body: doneResponse })
      const offer = { collection: NFT, weiPrice: "1" }
      yield* run(bid({ bids: [offer, { collection: NFT, orderbook: "looks-rare" }] }))
      expect((api.requests[0]!.body as { params: unknown }).params).toEqual([
        { collection: NFT, weiPrice: "1", marketplaceFees: GLOBAL, automatedRoyalties: true },
        { collection: NFT, orderbook: "looks-rare", automatedRoyalties: true },
      ])
      expect(offer).toEqual({ collection: NFT, weiPrice: "1" })
    }),
  )

  it.effect("buys are left alone", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ marketplaceFees: GLOBAL, automatedRoyalties: true })
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      yield* run(buy({ items: [{ token }] }))
      expect(api.requests[0]!.body).toEqual({ items: [{ token }], taker: wallet.address })
    }),
  )
})
