import * as Schema from "effect/Schema"

// Stand-ins for the Schema built-ins tradekit decodes with (`Schema.isGreaterThan(0)`, ..., `Schema.BigInt`),
// worded as Effect's own, without the JSON-Schema, arbitrary and code-generation metadata and the codecs those
// carry: tradekit only decodes, and that code is what they cost in a browser bundle.

/** `n > 0`: "Expected a value greater than 0". */
export const isPositive = Schema.makeFilter((n: number) => n > 0, { expected: "a value greater than 0" })

/** `n >= 0`: "Expected a value greater than or equal to 0". */
export const isNonNegative = Schema.makeFilter((n: number) => n >= 0, {
  expected: "a value greater than or equal to 0",
})

/** A string starting with `prefix`: "Expected a string starting with "/"". */
export const isStartingWith = (prefix: string) =>
  Schema.makeFilter((s: string) => s.startsWith(prefix), {
    expected: `a string starting with ${JSON.stringify(prefix)}`,
  })

/** A bigint, as `Schema.BigInt` checks it ("Expected bigint"), without its JSON and string codecs. */
export const BigIntValue = Schema.declare((u: unknown): u is bigint => typeof u === "bigint", { expected: "bigint" })
