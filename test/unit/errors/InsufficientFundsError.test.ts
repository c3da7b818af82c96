import { describe, expect, it } from "vitest"
import { InsufficientFundsError } from "../../../src/errors/InsufficientFundsError.js"

const address = "0x2222222222222222222222222222222222222222"

describe("InsufficientFundsError.of", () => {
  it("carries the balance and what is needed as decimal strings, and names them in the message", () => {
    const error = InsufficientFundsError.of({ address, chainId: 1, balance: 5n, required: 10n ** 18n })
    expect(error).toMatchObject({ address, chainId: 1, balance: "5", required: "1000000000000000000" })
    expect(error.message).toContain("Balance (wei): 5")
    expect(error.message).toContain("Needed, gas × max fee + value (wei): 1000000000000000000")
  })

  it("an unknown balance is 0 in the field and left out of the message; an unknown need is left out of both", () => {
    const error = InsufficientFundsError.of({ address, chainId: 1, balance: undefined, details: "node said no" })
    expect(error.balance).toBe("0")
    expect(error).not.toHaveProperty("required")
    expect(error.message).not.toContain("Balance")
    expect(error.message).not.toContain("Needed")
    expect(error.message.endsWith("Details: node said no")).toBe(true)
  })
})
