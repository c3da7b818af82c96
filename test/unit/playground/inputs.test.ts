import { describe, expect, it } from "vitest"
import { parseAddress, parsePrice, parseQuantity, parseTokenRef } from "../../../playground/src/inputs.js"

describe("the playground's input checks", () => {
  it("takes a positive decimal price in the currency's units", () => {
    expect(parsePrice("0.5", 18)).toBe(500_000_000_000_000_000n)
    expect(parsePrice(" .25 ", 6)).toBe(250_000n)
  })

  it("refuses a negative, zero, non-numeric or too precise price, saying what is wrong", () => {
    expect(parsePrice("-1", 18)).toBe("The price must be more than 0.")
    expect(parsePrice("0", 18)).toBe("The price must be more than 0.")
    expect(parsePrice("abc", 18)).toBe("The price must be a number, like 0.5 (not “abc”).")
    expect(parsePrice("1e3", 18)).toBe("The price must be a number, like 0.5 (not “1e3”).")
    expect(parsePrice("", 18)).toBe("Enter a price.")
    expect(parsePrice("0.0000001", 6, "USDC")).toBe("The price has 7 decimals; USDC has 6.")
  })

  it("takes a whole quantity from 1 and refuses the rest", () => {
    expect(parseQuantity("3")).toBe(3)
    expect(parseQuantity("-2")).toBe("The quantity must be at least 1.")
    expect(parseQuantity("0")).toBe("The quantity must be at least 1.")
    expect(parseQuantity("1.5")).toBe("The quantity must be a whole number (not “1.5”).")
    expect(parseQuantity("")).toBe("Enter a quantity.")
    expect(parseQuantity("100000")).toBe("The quantity must be at most 10000.")
  })

  it("takes an address and refuses a short one or a bad checksum", () => {
    const lower = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
    expect(parseAddress(lower)).toBe(lower)
    expect(parseAddress("0x1234", "recipient")).toEqual({ error: "The recipient must be 0x and 40 hex digits." })
    expect(parseAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C9")).toEqual({
      error: expect.stringMatching(/wrong checksum/),
    })
  })
})

describe("the playground's token references", () => {
  it("takes contract:tokenId and explains anything else", () => {
    const ref = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8:42"
    expect(parseTokenRef(ref)).toBe(ref)
    expect(parseTokenRef("0x1234:1")).toEqual({ error: "The token's contract must be 0x and 40 hex digits." })
    expect(parseTokenRef("42")).toEqual({ error: "“42” is not a token: write contract:tokenId, like 0x…:42." })
  })
})
