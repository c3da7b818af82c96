import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { StoredExpectedPrice, StoredTradeRequest } from "../../../src/schema/TradeRequest.js"

const maker = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const decode = Schema.decodeUnknownSync(StoredTradeRequest)
const refuses = (input: unknown): boolean => Result.isFailure(Schema.decodeUnknownResult(StoredTradeRequest)(input))

describe("StoredTradeRequest", () => {
  it.each([
    { action: "buy", params: { items: [{ token: "0xabc:1", quantity: 1 }], taker: maker } },
    { action: "sell", params: { items: [{ token: "0xabc:1" }], taker: maker } },
    { action: "list", params: { maker, params: [{ token: "0xabc:1", weiPrice: "1000" }] } },
    { action: "bid", params: { maker, params: [{ collection: "0xabc", weiPrice: "1000" }] } },
    { action: "cancel", params: { orderIds: ["0x01", "0x02"] } },
    { action: "transfer", params: { from: maker, to: maker, items: [{ token: "0xabc:1" }] } },
    { action: "mint", params: { items: [{ collection: "0xabc" }], taker: maker } },
    { action: "call", params: { user: maker, txs: [{ to: maker, data: "0x" }], originChainId: 8453 } },
  ])("decodes a stored $action request as it is", (request) => {
    expect(decode(request)).toEqual(request)
  })

  it("keeps the caller's options and the expected price as given", () => {
    const request = {
      action: "buy",
      params: { items: [], taker: maker, source: "example.com", partial: true, currency: "0x0" },
      expectedPrice: { "0x0": { amount: 0.1, raw: "100000000000000000", currencyDecimals: 18 } },
    }
    expect(decode(request)).toEqual(request)
  })

  it.each([
    ["an unknown action", { action: "swap", params: {} }],
    ["a buy without a taker", { action: "buy", params: { items: [] } }],
    ["a cancel whose order ids are not strings", { action: "cancel", params: { orderIds: [1] } }],
    ["a call without its origin chain", { action: "call", params: { user: maker, txs: [] } }],
    ["a list whose params are not objects", { action: "list", params: { maker, params: ["0xabc:1"] } }],
    [
      "an expected price with a bigint-like number raw",
      { action: "cancel", params: { orderIds: [] }, expectedPrice: { x: { raw: 1 } } },
    ],
  ])("refuses %s", (_label, input) => {
    expect(refuses(input)).toBe(true)
  })

  it("refuses an action's params under another action's name", () => {
    expect(refuses({ action: "list", params: { items: [], taker: maker } })).toBe(true)
  })

  it("stores an expected price as plain JSON, every field optional", () => {
    expect(Schema.decodeUnknownSync(StoredExpectedPrice)({})).toEqual({})
    expect(Result.isFailure(Schema.decodeUnknownResult(StoredExpectedPrice)({ amount: "0.1" }))).toBe(true)
  })
})
