import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { BigIntValue, isNonNegative, isPositive, isStartingWith } from "../../../src/schema/checks.js"

/** The message decoding `input` with `schema` fails with, or "ok". */
const outcome = (schema: Schema.Top, input: unknown): string => {
  const result = Schema.decodeUnknownResult(Schema.Struct({ field: schema as Schema.Codec<unknown> }), {
    errors: "all",
  })({ field: input })
  return Result.isSuccess(result) ? "ok" : result.failure.message
}

describe("checks", () => {
  it.each([
    [Schema.Int.check(isPositive), Schema.Int.check(Schema.isGreaterThan(0)), [1, 0, -1, 1.5, -1.5, "1"]],
    [Schema.Int.check(isNonNegative), Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), [0, 2, -1, -0.5, null]],
    [Schema.String.check(isStartingWith("/")), Schema.String.check(Schema.isStartingWith("/")), ["/a", "a/", "", 1]],
    [BigIntValue, Schema.BigInt, [1n, 1, "1", undefined]],
  ] as const)("words each failure as Effect's own check does (%#)", (ours, effects, inputs) => {
    for (const input of inputs) expect(outcome(ours, input)).toBe(outcome(effects, input))
  })

  it("fails the way Effect's checks do", () => {
    expect(outcome(Schema.Int.check(isPositive), -1.5)).toBe(
      'Expected an integer\n  at ["field"]\nExpected a value greater than 0\n  at ["field"]',
    )
  })
})
