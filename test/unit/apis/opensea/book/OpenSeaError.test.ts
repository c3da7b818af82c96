/** The OpenSea book's one error: each constructor's reason and message, and the reasons a flow steers by. */
import { describe, expect, it } from "@effect/vitest"
import { isFor, OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"

describe("OpenSeaError", () => {
  it("says its reason by name: not found, gone, invalid, unreadable, chain failed, not yet", () => {
    const made = [
      OpenSeaError.notFound("no collection"),
      OpenSeaError.gone("filled"),
      OpenSeaError.invalid("not an order id"),
      OpenSeaError.unreadable("no list"),
      OpenSeaError.chainFailed("rpc down"),
      OpenSeaError.notYet("no receipt"),
    ]
    expect(made.map((error) => [error._tag, error.reason._tag, error.message])).toEqual([
      ["OpenSeaError", "NotFound", "no collection"],
      ["OpenSeaError", "Gone", "filled"],
      ["OpenSeaError", "Invalid", "not an order id"],
      ["OpenSeaError", "Unreadable", "no list"],
      ["OpenSeaError", "ChainFailed", "rpc down"],
      ["OpenSeaError", "NotYet", "no receipt"],
    ])
  })

  it("a failed check carries its OrderCheckError, its short message and its facts as text", () => {
    const error = OpenSeaError.failedCheck("token", "The listing sells another token", {
      Named: "0xa:1",
      Units: 2n,
      No: undefined,
    })
    expect(error.reason._tag).toBe("CheckFailed")
    const check = error.reason._tag === "CheckFailed" ? error.reason.error : undefined
    expect([check?._tag, check?.check, check?.book]).toEqual(["OrderCheckError", "token", "opensea"])
    expect(error.message).toBe(check?.message)
    expect(error.message.startsWith("The listing sells another token")).toBe(true)
    expect(error.facts).toEqual({ Named: "0xa:1", Units: "2" })
  })

  it("an unsupported option and a missing setting carry the book's public errors", () => {
    const unsupported = OpenSeaError.unsupported("`source`", "OpenSea records no source")
    const misconfigured = OpenSeaError.misconfigured(8453, "add a viemChain")
    expect(unsupported.reason._tag === "Unsupported" && unsupported.reason.error.what).toBe("`source`")
    expect(unsupported.message).toContain("does not support `source`")
    expect(misconfigured.reason._tag === "Misconfigured" && misconfigured.reason.error.chainId).toBe(8453)
    expect(misconfigured.message).toContain("add a viemChain")
  })

  it("isFor tells the reasons a flow steers by from the others", () => {
    const gone = isFor("NotFound", "Gone")
    expect([gone(OpenSeaError.gone("g")), gone(OpenSeaError.notFound("n")), gone(OpenSeaError.invalid("i"))]).toEqual([
      true,
      true,
      false,
    ])
  })
})
