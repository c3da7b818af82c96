import { describe, expect, it } from "@effect/vitest"
import { NoWalletError } from "../../../../src/react/errors/NoWalletError.js"

describe("NoWalletError", () => {
  it("is a tagged Error that says the three places a wallet can come from", () => {
    const error = new NoWalletError()
    expect(error).toBeInstanceOf(Error)
    expect([error._tag, error.name]).toEqual(["NoWalletError", "NoWalletError"])
    for (const place of ["<TradekitProvider wallet>", "the mutation options", "the call"]) {
      expect(error.message).toContain(place)
    }
  })
})
