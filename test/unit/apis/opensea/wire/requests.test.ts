import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  BidRequest,
  BuyRequest,
  CancelRequest,
  ListRequest,
  SellRequest,
} from "../../../../../src/apis/opensea/wire/requests.js"

const taker = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const refuses = <S extends Schema.Top>(schema: S, input: unknown): boolean =>
  Result.isFailure(Schema.decodeUnknownResult(schema as never)(input))

describe("OpenSea book requests", () => {
  it("reads a buy by order id or token, with its fill options", () => {
    const buy = {
      taker,
      source: "example.com",
      partial: true,
      feesOnTop: ["0xabc:100"],
      items: [{ orderId: "0x01" }, { token: "0xabc:1", quantity: "2" }],
    }
    expect(Schema.decodeUnknownSync(BuyRequest)(buy)).toEqual(buy)
  })

  it("refuses a sale item without its token, and a buy without its taker", () => {
    expect(refuses(SellRequest, { taker, items: [{ orderId: "0x01" }] })).toBe(true)
    expect(refuses(BuyRequest, { items: [] })).toBe(true)
  })

  it("reads a listing's order options, null expiration and other book included", () => {
    const list = {
      maker: taker,
      params: [{ token: "0xabc:1", weiPrice: 1000, orderbook: null, expirationTime: null, marketplaceFees: [] }],
    }
    expect(Schema.decodeUnknownSync(ListRequest)(list)).toEqual(list)
    expect(refuses(ListRequest, { maker: taker, params: [{ token: "0xabc:1" }] })).toBe(true)
  })

  it("reads a trait offer and refuses one priced with a boolean", () => {
    const bid = {
      maker: taker,
      params: [{ collection: "0xabc", attributeKey: "Hat", attributeValue: "Cap", weiPrice: "5" }],
    }
    expect(Schema.decodeUnknownSync(BidRequest)(bid)).toEqual(bid)
    expect(refuses(BidRequest, { maker: taker, params: [{ weiPrice: true }] })).toBe(true)
  })

  it("reads a cancel by hashes, off chain when asked", () => {
    expect(Schema.decodeUnknownSync(CancelRequest)({ orderIds: ["0x01"], offChain: true })).toEqual({
      orderIds: ["0x01"],
      offChain: true,
    })
    expect(refuses(CancelRequest, { orderIds: "0x01" })).toBe(true)
  })
})
