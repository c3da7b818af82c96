import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { TransactionRequest } from "../../../src/schema/TransactionRequest.js"

const from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const to = "0x2222222222222222222222222222222222222222"
const decode = Schema.decodeUnknownResult(TransactionRequest)

describe("TransactionRequest", () => {
  it("needs only from and to", () => {
    expect(Schema.decodeUnknownSync(TransactionRequest)({ from, to })).toEqual({ from, to })
  })

  it("turns every fee and amount into a bigint, whatever form it came in", () => {
    const decoded = Schema.decodeUnknownSync(TransactionRequest)({
      from,
      to,
      value: "0x10",
      gas: 21000,
      maxFeePerGas: "30000000000",
      maxPriorityFeePerGas: "0x1",
    })
    expect(decoded).toMatchObject({ value: 16n, gas: 21000n, maxFeePerGas: 30000000000n, maxPriorityFeePerGas: 1n })
  })

  it.each([
    ["a bad sender", { from: "0x1", to }],
    ["no recipient", { from }],
    ["non-hex data", { from, to, data: "hello" }],
    ["a negative value", { from, to, value: "-1" }],
    ["a string chain id", { from, to, chainId: "1" }],
  ])("refuses %s", (_label, input) => {
    expect(Result.isFailure(decode(input))).toBe(true)
  })
})
