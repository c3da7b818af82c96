import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"

const decode = Schema.decodeUnknownResult(ExecuteResponse)

describe("ExecuteResponse", () => {
  it("decodes a plan with its route, fees and the items left out", () => {
    const answer = {
      steps: [{ id: "sale", kind: "transaction", items: [] }],
      path: [{ orderId: "o-1", contract: "0xabc", tokenId: "7", quote: 0.1, rawQuote: "100000000000000000" }],
      fees: { relayer: { currency: { contract: "0x0", decimals: 18 }, amount: { raw: "0x10", decimal: 0 } } },
      requestId: "r-1",
      errors: [{ message: "Order is inactive", orderId: 12 }, { message: "Token not listed" }],
    }
    expect(Schema.decodeUnknownSync(ExecuteResponse)(answer)).toEqual(answer)
  })

  it("needs only the steps, and accepts a null path", () => {
    expect(Schema.decodeUnknownSync(ExecuteResponse)({ steps: [], path: null })).toEqual({ steps: [], path: null })
  })

  it.each([
    ["no steps", { path: [] }],
    ["a malformed raw quote", { steps: [], path: [{ rawQuote: "0.1" }] }],
    ["an order id that is neither a string nor a number", { steps: [], errors: [{ orderId: true }] }],
    ["a relayer currency without a contract", { steps: [], fees: { relayer: { currency: { decimals: 6 } } } }],
  ])("refuses an answer with %s", (_label, input) => {
    const result = decode(input)
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) expect(result.failure._tag).toBe("SchemaError")
  })
})
