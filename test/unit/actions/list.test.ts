import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { list } from "../../../src/actions/list.js"
import { OTHER_CHAIN, setupRecording } from "../../support/recordingBook.js"
import { NFT } from "../fixtures.js"

describe("list", () => {
  it.effect("hands the book a typed listing: the wallet as maker, the source and each listing as given", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording({ source: "my.app" })
      const listing = { token: `${NFT}:1`, weiPrice: "1000", orderbook: "reservoir" }
      expect(yield* run(list({ listings: [listing] }))).toBe(true)
      expect(planned).toEqual([
        {
          chainId: 1,
          request: { action: "list", params: { maker: wallet.address, source: "my.app", params: [listing] } },
        },
      ])
    }),
  )

  it.effect("without a source in the settings, the parameters carry none", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      yield* run(list({ chainId: OTHER_CHAIN.id, listings: [{ token: `${NFT}:1`, weiPrice: "1" }] }))
      expect(planned[0]!.request.params).not.toHaveProperty("source")
      expect(planned[0]!.chainId).toBe(OTHER_CHAIN.id)
    }),
  )
})
