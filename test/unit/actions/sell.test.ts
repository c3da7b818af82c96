import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { sell } from "../../../src/actions/sell.js"
import { setupRecording } from "../../support/recordingBook.js"
import { NFT, OTHER } from "../fixtures.js"

describe("sell", () => {
  it.effect("hands the book a typed sale: the tokens, the wallet as taker, source and royalties, no referrer", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording({
        source: "my.app",
        normalizeRoyalties: true,
        bountyReferrer: OTHER,
      })
      expect(yield* run(sell({ items: [{ token: `${NFT}:1` }], options: { partial: true } }))).toBe(true)
      expect(planned).toEqual([
        {
          chainId: 1,
          request: {
            action: "sell",
            params: {
              items: [{ token: `${NFT}:1` }],
              taker: wallet.address,
              source: "my.app",
              normalizeRoyalties: true,
              partial: true,
            },
          },
        },
      ])
    }),
  )

  it.effect("a precheck answers the book's plan and sends nothing", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording()
      const answer = yield* run(sell({ items: [{ token: `${NFT}:1` }], precheck: true }))
      expect(answer).toMatchObject({ steps: [] })
      expect(planned).toHaveLength(1)
      expect(wallet.sent).toEqual([])
    }),
  )
})
