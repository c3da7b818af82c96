import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { AmountString, BigIntFromAmount, Hex } from "../../../src/schema/primitives.js"

/** The first issue message of a failed decode, or undefined when it succeeds. */
const messageOf = <S extends Schema.Top>(schema: S, input: unknown): string | undefined => {
  const result = Schema.decodeUnknownResult(schema as never)(input)
  return Result.isFailure(result) ? String(result.failure) : undefined
}

describe("primitives", () => {
  it.each([["1000"], ["0x3e8"], [7]])("keeps the amount %s as sent", (input) => {
    expect(Schema.decodeUnknownSync(AmountString)(input)).toBe(input)
  })

  it.each([["-1"], ["1e3"], [2 ** 53], [-1]])("refuses the amount %s with a clear message", (input) => {
    expect(messageOf(AmountString, input)).toContain("Expected an amount (a decimal or 0x-hex integer)")
  })

  it("encodes a bigint amount back to its decimal string", () => {
    expect(Schema.encodeSync(BigIntFromAmount)(1000n)).toBe("1000")
    expect(Schema.encodeSync(BigIntFromAmount)(2n ** 70n)).toBe((2n ** 70n).toString())
  })

  it("decodes hex digits in either letter case", () => {
    expect(Schema.decodeUnknownSync(Hex)("0xAbCdEf")).toBe("0xAbCdEf")
    expect(messageOf(Hex, "0xAbG")).toContain("Expected hex data")
  })
})
