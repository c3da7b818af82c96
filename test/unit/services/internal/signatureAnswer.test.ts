import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { signatureAnswer } from "../../../../src/services/internal/signatureAnswer.js"

const SIGNATURE = `0x${"cd".repeat(65)}`

describe("signatureAnswer", () => {
  it.effect("takes a hex string for the signature", () =>
    Effect.gen(function* () {
      expect(yield* signatureAnswer("signTypedData")(SIGNATURE)).toBe(SIGNATURE)
    }),
  )

  it.effect("takes no answer at all for the empty signature 0x", () =>
    Effect.gen(function* () {
      expect(yield* signatureAnswer("signMessage")(undefined)).toBe("0x")
      expect(yield* signatureAnswer("signMessage")(null)).toBe("0x")
    }),
  )

  it.effect("refuses anything else with a WalletError naming the operation", () =>
    Effect.gen(function* () {
      for (const answer of [42, { signature: SIGNATURE }, "not hex", "0xzz", `${SIGNATURE}g`, true]) {
        const error = yield* Effect.flip(signatureAnswer("signTypedData")(answer))
        expect(error._tag).toBe("WalletError")
        expect(error.operation).toBe("signTypedData")
        expect(error.message).toBe("Wallet signTypedData failed: the wallet answered something that is not a signature")
      }
    }),
  )
})
