import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { buy } from "../../../src/actions/buy.js"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import { OTHER_CHAIN, setupRecording } from "../../support/recordingBook.js"
import { NFT, OTHER } from "../fixtures.js"

describe("buy", () => {
  it.effect("hands the book a typed buy: the items, the wallet as taker, the client's defaults and the options", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording({
        source: "my.app",
        normalizeRoyalties: true,
        bountyReferrer: OTHER,
      })
      const done = yield* run(buy({ items: [{ token: `${NFT}:1`, quantity: 1 }], options: { currency: OTHER } }))
      expect(done).toBe(true)
      expect(planned).toEqual([
        {
          chainId: 1,
          request: {
            action: "buy",
            params: {
              items: [{ token: `${NFT}:1`, quantity: 1 }],
              taker: wallet.address,
              source: "my.app",
              normalizeRoyalties: true,
              referrer: OTHER,
              currency: OTHER,
            },
          },
        },
      ])
    }),
  )

  it.effect(
    "keeps the expected price beside the parameters, as plain JSON, and checks the book's plan against it",
    () =>
      Effect.gen(function* () {
        const { planned, run } = setupRecording()
        const error = yield* Effect.flip(
          run(buy({ items: [{ orderId: "0x1" }], expectedPrice: { [zeroAddress]: { raw: 10n ** 17n } } })),
        )
        // The empty plan pays in nothing: the price check refuses it.
        expect(error._tag).toBe("PriceMismatchError")
        expect(planned[0]!.request.expectedPrice).toEqual({ [zeroAddress]: { raw: "100000000000000000" } })
        expect(planned[0]!.request.params).not.toHaveProperty("expectedPrice")
      }),
  )

  it.effect("without the priceCheck capability, an expected price is refused and the book is never asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording(
        {},
        allCapabilities.filter((capability) => capability.name !== "priceCheck"),
      )
      const error = yield* Effect.flip(
        run(buy({ items: [{ orderId: "0x1" }], expectedPrice: { [zeroAddress]: { raw: 10n ** 17n } } })),
      )
      expect(error).toMatchObject({ _tag: "CapabilityMissingError", capability: "priceCheck" })
      expect(error.message).toContain("An expectedPrice needs the priceCheck capability")
      expect(planned).toEqual([])
      // Without an expected price, nothing needs it.
      expect(yield* run(buy({ items: [{ orderId: "0x1" }] }))).toBe(true)
    }),
  )

  it.effect("asks the book of the chain it names", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      yield* run(buy({ chainId: OTHER_CHAIN.id, items: [{ orderId: "0x1" }] }))
      expect(planned[0]!.chainId).toBe(OTHER_CHAIN.id)
    }),
  )

  it.effect("on a chain the client does not have: MissingChainConfigurationError, and the book is never asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      const error = yield* Effect.flip(run(buy({ chainId: 999, items: [{ orderId: "0x1" }] })))
      expect(error._tag).toBe("MissingChainConfigurationError")
      expect(planned).toEqual([])
    }),
  )
})
