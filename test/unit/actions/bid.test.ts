import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { bid } from "../../../src/actions/bid.js"
import { setupRecording } from "../../support/recordingBook.js"
import { NFT } from "../fixtures.js"

describe("bid", () => {
  it.effect("hands the book a typed offer: the wallet as maker and each bid as given", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording()
      const offer = { collection: NFT, weiPrice: "1000" }
      expect(yield* run(bid({ bids: [offer] }))).toBe(true)
      expect(planned).toEqual([
        { chainId: 1, request: { action: "bid", params: { maker: wallet.address, params: [offer] } } },
      ])
    }),
  )

  it.effect(
    "a bid on nothing (no token, collection, token set or full trait) is refused before the book is asked",
    () =>
      Effect.gen(function* () {
        const { planned, run } = setupRecording()
        const error = yield* Effect.flip(run(bid({ bids: [{ weiPrice: "1", attributeKey: "Hat" }] })))
        expect(error._tag).toBe("BidDataMissingError")
        expect(planned).toEqual([])
      }),
  )
})
