import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { BigIntValue } from "./checks.js"

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const hexPattern = /^0x[0-9a-fA-F]*$/
const txHashPattern = /^0x[0-9a-fA-F]{64}$/
const decimalPattern = /^[0-9]+$/
const hexQuantityPattern = /^0x[0-9a-fA-F]+$/

/**
 * A string that starts with `0x`, typed as such. What `Schema.TemplateLiteral(["0x", Schema.String])` checks and
 * says, without the template-literal machinery (≈ 1 KB gzip in a browser bundle).
 */
const HexString = Schema.String.pipe(
  Schema.refine((s): s is `0x${string}` => s.startsWith("0x"), {
    message: "Expected a string matching template literal parts",
  }),
)

/** A check that `pattern` matches, failing with `message`. */
const matches = (pattern: RegExp, annotations: { readonly message: string }) =>
  Schema.makeFilter((s: string) => pattern.test(s), annotations)

/** A 20-byte hex address (any letter case). */
export const Address = HexString.check(
  matches(addressPattern, { message: "Expected an address (0x followed by 40 hex digits)" }),
)

/** Hex bytes, `0x` followed by hex digits. */
export const Hex = HexString.check(matches(hexPattern, { message: "Expected hex data (0x followed by hex digits)" }))

/** A 32-byte transaction hash. */
export const TxHash = HexString.check(
  matches(txHashPattern, { message: "Expected a transaction hash (0x followed by 64 hex digits)" }),
)

/** True when the value is a non-negative integer amount: a decimal string, a hex string or a safe integer. */
const isAmount = (value: string | number): boolean =>
  typeof value === "number"
    ? Number.isSafeInteger(value) && value >= 0
    : decimalPattern.test(value) || hexQuantityPattern.test(value)

/**
 * A non-negative integer amount as the API sends it: a decimal string (`"1000"`), a hex string (`"0x3e8"`) or a
 * safe integer number. Kept as sent, so steps stay plain JSON.
 */
export const AmountString = Schema.Union([Schema.String, Schema.Number]).check(
  Schema.makeFilter(isAmount, { message: "Expected an amount (a decimal or 0x-hex integer)" }),
)

/** An {@link AmountString} decoded to a bigint, for the values the executor computes with. */
export const BigIntFromAmount = AmountString.pipe(
  Schema.decodeTo(
    BigIntValue,
    SchemaTransformation.transformEffect({
      decode: (value: string | number) =>
        Effect.try({
          try: () => BigInt(value),
          catch: () => new SchemaIssue.InvalidValue({ message: "Expected an integer amount" }, value),
        }),
      encode: (value: bigint) => Effect.succeed<string | number>(value.toString()),
    }),
  ),
)
