import { describe, expect, it } from "@effect/vitest"
import { messageOf } from "../../../src/errors/messageOf.js"

describe("messageOf", () => {
  it("takes a non-empty string as it is, and an error's non-empty message", () => {
    expect(messageOf("no orders")).toBe("no orders")
    expect(messageOf(new Error("boom"))).toBe("boom")
    expect(messageOf({ message: "from a body" })).toBe("from a body")
  })

  it("falls back to the catalogue's text for anything else", () => {
    for (const value of ["", null, undefined, 42, {}, { message: "" }, { message: 7 }, new Error("")]) {
      expect(messageOf(value)).toBe("Error: something went wrong")
    }
  })
})
