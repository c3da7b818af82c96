import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AmountString, BigIntFromAmount } from "../../../src/schema/primitives.js"
import { TransactionRequest } from "../../../src/schema/TransactionRequest.js"
import { FUZZ_SEED } from "./fuzzKit.js"

const isAmount = (value: unknown): boolean =>
  typeof value === "number"
    ? Number.isSafeInteger(value) && value >= 0
    : typeof value === "string" && (/^[0-9]+$/.test(value) || /^0x[0-9a-fA-F]+$/.test(value))

const candidate = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((n) => n.toString()),
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((n) => `0x${n.toString(16)}`),
  fc.bigInt({ min: -(2n ** 300n), max: -1n }).map((n) => n.toString()),
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    "",
    "0x",
    "0X1",
    "-0",
    "+1",
    "1e3",
    "1.0",
    " 1",
    "0x-1",
    "0b1",
    "0o7",
    "１",
    "Infinity",
    "NaN",
    Number.MAX_SAFE_INTEGER + 1,
    -0,
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.anything(),
)

describe("fuzz: amounts", () => {
  it("AmountString accepts exactly the non-negative integers (decimal string, 0x-hex string, safe integer), and never throws", () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const decoded = Schema.decodeUnknownResult(AmountString)(value)
        expect(Result.isSuccess(decoded)).toBe(isAmount(value))
      }),
      { seed: FUZZ_SEED, numRuns: 5_000 },
    )
  })

  it("BigIntFromAmount decodes to the same non-negative bigint and encodes back to a decimal string", () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const decoded = Schema.decodeUnknownResult(BigIntFromAmount)(value)
        if (Result.isFailure(decoded)) return
        expect(decoded.success).toBe(BigInt(value as string | number))
        expect(decoded.success >= 0n).toBe(true)
        expect(Schema.encodeSync(BigIntFromAmount)(decoded.success)).toBe(decoded.success.toString())
      }),
      { seed: FUZZ_SEED, numRuns: 5_000 },
    )
  })

  it("a transaction's value, gas and fees are refused unless they are amounts", () => {
    const from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    fc.assert(
      fc.property(
        fc.constantFrom("value", "gas", "maxFeePerGas", "maxPriorityFeePerGas"),
        candidate,
        (field, value) => {
          const decoded = Schema.decodeUnknownResult(TransactionRequest)({ from, to: from, [field]: value })
          expect(Result.isSuccess(decoded)).toBe(value === undefined || isAmount(value))
        },
      ),
      { seed: FUZZ_SEED, numRuns: 2_000 },
    )
  })
})
