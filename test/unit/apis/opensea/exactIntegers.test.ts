/** OpenSea's amounts written as JSON numbers above 2^53 are read exactly; nothing else in the answer changes. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { quoteLongIntegers } from "../../../../src/apis/opensea/exactIntegers.js"

describe("quoteLongIntegers", () => {
  it("writes an integer too long for a safe number as its exact decimal string", () => {
    const text = '{"value":12000000000000000001,"negative":-99999999999999999,"small":123456789012345}'
    expect(JSON.parse(quoteLongIntegers(text))).toEqual({ value: "12000000000000000001", negative: "-99999999999999999", small: 123456789012345 })
    // JSON.parse alone loses the last digit.
    expect(String(JSON.parse(text).value)).not.toBe("12000000000000000001")
  })

  it("leaves strings (escaped quotes included), fractions and exponents as they are", () => {
    const text = '{"s":"a \\"12345678901234567890\\" b","f":1234567890123456.75,"e":1.5e30,"list":[1,2,"3"]}'
    expect(JSON.parse(quoteLongIntegers(text))).toEqual(JSON.parse(text))
  })

  it("any integer comes out exact, wherever it stands", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (amount) => {
        const parsed = JSON.parse(quoteLongIntegers(`{"a":[${amount}],"b":${amount}}`))
        expect(BigInt(parsed.b)).toBe(amount)
        expect(BigInt(parsed.a[0])).toBe(amount)
      }),
    )
  })
})
