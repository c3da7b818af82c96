/** The fill options OpenSea cannot honour, refused as unsupported before any request; the quantity a fill takes. */
import { describe, expect, it } from "@effect/vitest"
import * as Result from "effect/Result"
import type { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import {
  checkBuyCurrency,
  checkQuantity,
  refuseFeesOnTop,
  refusePartialSale,
} from "../../../../../src/apis/opensea/plans/fillOptions.js"

const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"

/** The option an unsupported refusal names, or "accepted". */
const verdict = (result: Result.Result<unknown, OpenSeaError>): string =>
  Result.match(result, {
    onSuccess: () => "accepted",
    onFailure: (error) => (error.reason._tag === "Unsupported" ? error.reason.error.what : error.reason._tag),
  })

describe("fill options", () => {
  it("refuses fees on top, a partial sale of several tokens and another currency than the listing's", () => {
    expect(verdict(refuseFeesOnTop({ feesOnTop: ["0xabc:100"] }))).toBe("`feesOnTop`")
    expect(verdict(refuseFeesOnTop({ feesOnTop: [] }))).toBe("accepted")
    expect(verdict(refusePartialSale({ partial: true, items: [1, 2] }))).toBe("`partial`")
    expect(verdict(refusePartialSale({ partial: true, items: [1] }))).toBe("accepted")
    expect(verdict(checkBuyCurrency(WETH.toLowerCase(), { currency: WETH, hash: "0x1" }))).toBe("accepted")
    expect(
      verdict(checkBuyCurrency("0x0000000000000000000000000000000000000000", { currency: WETH, hash: "0x1" })),
    ).toBe("`currency`")
  })

  it("a quantity is a whole number of the units listed, and a fraction only of an order signed for fractions", () => {
    const partial = { units: 5n, orderType: 1, hash: "0x1" }
    const whole = { units: 5n, orderType: 0, hash: "0x2" }
    expect(Result.getOrThrow(checkQuantity(undefined, partial))).toBeUndefined()
    expect(Result.getOrThrow(checkQuantity("2", partial))).toEqual({ quantity: 2n, units: 5n })
    expect(Result.getOrThrow(checkQuantity(5, whole))).toEqual({ quantity: 5n, units: 5n })
    expect([0, 6, 1.5, "two"].map((asked) => verdict(checkQuantity(asked, partial)))).toEqual([
      "`quantity`",
      "`quantity`",
      "`quantity`",
      "`quantity`",
    ])
    const fraction = checkQuantity(2, whole)
    expect(verdict(fraction)).toBe("`quantity`")
    expect(Result.isFailure(fraction) && fraction.failure.message).toContain("whole only")
  })
})
