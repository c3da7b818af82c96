import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { mint } from "../../../src/actions/mint.js"
import { setupRecording } from "../../support/recordingBook.js"
import { NFT, OTHER } from "../fixtures.js"

describe("mint", () => {
  it.effect("hands the book the items, the wallet as taker, the source and the referrer", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording({ source: "my.app", bountyReferrer: OTHER })
      expect(yield* run(mint({ items: [{ collection: NFT, quantity: 2 }] }))).toBe(true)
      expect(planned).toEqual([
        {
          chainId: 1,
          request: {
            action: "mint",
            params: {
              items: [{ collection: NFT, quantity: 2 }],
              taker: wallet.address,
              source: "my.app",
              referrer: OTHER,
            },
          },
        },
      ])
    }),
  )
})
