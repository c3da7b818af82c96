import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { transfer } from "../../../src/actions/transfer.js"
import { setupRecording } from "../../support/recordingBook.js"
import { NFT, OTHER } from "../fixtures.js"

describe("transfer", () => {
  it.effect("hands the book the wallet as sender, the recipient and the tokens", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording()
      expect(yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1`, quantity: 1 }] }))).toBe(true)
      expect(planned).toEqual([
        {
          chainId: 1,
          request: {
            action: "transfer",
            params: { from: wallet.address, to: OTHER, items: [{ token: `${NFT}:1`, quantity: 1 }] },
          },
        },
      ])
    }),
  )

  it.effect("a precheck answers the plan's steps", () =>
    Effect.gen(function* () {
      const { run } = setupRecording()
      expect(yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1` }], precheck: true }))).toEqual([])
    }),
  )
})
