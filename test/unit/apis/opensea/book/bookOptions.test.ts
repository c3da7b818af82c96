/** What a request may ask of OpenSea's book: no source, no other book, no token set; marketplace fees well formed. */
import { describe, expect, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { marketplaceFeesOf, refuseUnsupported } from "../../../../../src/apis/opensea/book/bookOptions.js"

const RECIPIENT = "0x1111111111111111111111111111111111111111"

describe("refuseUnsupported", () => {
  it("refuses a source, another order book and a token set as unsupported, naming each", () => {
    const what = (body: Parameters<typeof refuseUnsupported>[0]) =>
      Result.match(refuseUnsupported(body), {
        onSuccess: () => "accepted",
        onFailure: (error) => (error.reason._tag === "Unsupported" ? error.reason.error.what : error.reason._tag),
      })
    expect(what({ source: "app.xyz" })).toBe("`source`")
    expect(what({ params: [{ orderbook: "reservoir" }] })).toBe('the "reservoir" order book')
    expect(what({ params: [{ tokenSetId: "list:0x1" }] })).toBe("`tokenSetId`")
    expect(what({ source: "", params: [{ orderbook: "opensea" }, { orderbook: null }] })).toBe("accepted")
  })
})

describe("marketplaceFeesOf", () => {
  it("reads each fee as recipient and basis points; a malformed one is an invalid request", () => {
    expect(Result.getOrThrow(marketplaceFeesOf({ fees: [`${RECIPIENT}:250`] }))).toEqual([
      { recipient: RECIPIENT, basisPoints: 250n },
    ])
    for (const entry of [`${RECIPIENT}:10001`, "0x12:100", `${RECIPIENT}`]) {
      const read = marketplaceFeesOf({ marketplaceFees: [`${RECIPIENT}:1`, entry] })
      expect(Result.isFailure(read) && [read.failure.reason._tag, read.failure.message]).toEqual([
        "Invalid",
        `${JSON.stringify(entry)} is not a marketplace fee ("0xrecipient:basisPoints", at most 10000)`,
      ])
    }
  })
})
