import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import { Address, BigIntFromAmount, Hex, TxHash } from "../../../src/schema/primitives.js"
import { TransactionRequest } from "../../../src/schema/TransactionRequest.js"
import { decodeApiBody } from "../../../src/services/decodeApiBody.js"

const from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const to = "0x2222222222222222222222222222222222222222"

describe("schemas", () => {
  it.each([
    ["1000", 1000n],
    ["0x3e8", 1000n],
    [1000, 1000n],
    ["0", 0n],
    ["115792089237316195423570985008687907853269984665640564039457584007913129639935", 2n ** 256n - 1n],
  ])("decodes the amount %s to a bigint", (input, expected) => {
    expect(Schema.decodeUnknownSync(BigIntFromAmount)(input)).toBe(expected)
  })

  it.each([["1.5"], ["-1"], ["0x"], ["abc"], [1.5], [-3], [Number.MAX_SAFE_INTEGER + 2], [null], [""]])(
    "refuses the amount %s",
    (input) => {
      expect(Result.isFailure(Schema.decodeUnknownResult(BigIntFromAmount)(input))).toBe(true)
    },
  )

  it.each([
    [Address, from, undefined],
    [Address, "0x1", "Expected an address (0x followed by 40 hex digits)"],
    [Address, from.slice(2), "Expected a string matching template literal parts"],
    [Address, 1, "Expected string"],
    [Hex, "0x", undefined],
    [Hex, "0xzz", "Expected hex data (0x followed by hex digits)"],
    [Hex, "ab", "Expected a string matching template literal parts"],
    [TxHash, `0x${"ab".repeat(32)}`, undefined],
    [TxHash, "0xab", "Expected a transaction hash (0x followed by 64 hex digits)"],
    [TxHash, "", "Expected a string matching template literal parts"],
  ])("checks hex primitives with one message each (%#)", (schema, input, message) => {
    const result = Schema.decodeUnknownResult(Schema.Struct({ field: schema }), { errors: "all" })({ field: input })
    if (message === undefined) expect(result).toEqual(Result.succeed({ field: input }))
    else expect(Result.isFailure(result) && result.failure.message).toBe(`${message}\n  at ["field"]`)
  })

  it("decodes a transaction item's data for sending, amounts as bigints", () => {
    const request = Schema.decodeUnknownSync(TransactionRequest)({
      from,
      to,
      data: "0xab",
      value: "0x10",
      gas: "21000",
      chainId: 8453,
    })
    expect(request).toEqual({ from, to, data: "0xab", value: 16n, gas: 21000n, chainId: 8453 })
  })

  it("keeps the wire form in steps (plain JSON) and unknown fields everywhere", async () => {
    const body = {
      requestId: "r",
      unknownTop: { a: 1 },
      steps: [
        {
          id: "sale",
          kind: "transaction",
          action: "",
          description: "",
          items: [{ status: "incomplete", data: { from, to, value: "0x10" }, extra: true }],
        },
      ],
      path: [{ orderId: "o", quote: 1.5, rawQuote: "1500000000000000000", currency: to, extraPath: "x" }],
    }
    const decoded = await Effect.runPromise(decodeApiBody(ExecuteResponse, "/execute/buy/v7", body))
    expect(decoded).toEqual(body)
  })

  it("accepts a null path and missing fees", async () => {
    const decoded = await Effect.runPromise(decodeApiBody(ExecuteResponse, "/x", { steps: [], path: null }))
    expect(decoded.path).toBeNull()
  })

  it("describes every problem of a malformed answer", async () => {
    const exit = await Effect.runPromise(
      Effect.result(
        decodeApiBody(ExecuteResponse, "/execute/buy/v7", {
          steps: [{ id: 1, kind: "transaction", items: [{ status: "incomplete", data: { from: "0x1", to } }] }],
        }),
      ),
    )
    expect(Result.isFailure(exit)).toBe(true)
    const issue = (exit as Result.Failure<unknown, { issue: string }>).failure.issue
    expect(issue).toContain("id")
    expect(issue).toContain("from")
  })
})
