import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  BuildAnswer,
  ContractAnswer,
  FulfillmentAnswer,
  NftAnswer,
  OrderAnswer,
  PostAnswer,
} from "../../../../../src/apis/opensea/wire/answers.js"

const address = "0x3333333333333333333333333333333333333333"
const item = { itemType: 2, token: address, identifierOrCriteria: "7", startAmount: 1, endAmount: "1" }
const parameters = {
  offerer: address,
  zone: address,
  offer: [item],
  consideration: [{ ...item, itemType: "0", recipient: address }],
  orderType: 0,
  startTime: "1",
  endTime: "99999999999999999999",
  zoneHash: `0x${"00".repeat(32)}`,
  salt: "123",
  conduitKey: `0x${"00".repeat(32)}`,
}
const refuses = <S extends Schema.Top>(schema: S, input: unknown): boolean =>
  Result.isFailure(Schema.decodeUnknownResult(schema as never)(input))

describe("OpenSea answers", () => {
  it("reads an order, uints as strings or numbers, criteria by traits or by the older trait", () => {
    const order = {
      order_hash: "0xab",
      protocol_address: address,
      protocol_data: { parameters },
      status: "ACTIVE",
      criteria: { traits: [{ type: "Hat", value: "Cap" }], trait: null },
    }
    expect(Schema.decodeUnknownSync(OrderAnswer)(order)).toEqual(order)
  })

  it("refuses an order whose item amount is neither a string nor a number", () => {
    const bad = { ...parameters, offer: [{ ...item, startAmount: true }] }
    expect(
      refuses(OrderAnswer, { order_hash: "0x", protocol_address: address, protocol_data: { parameters: bad } }),
    ).toBe(true)
  })

  it("needs the contract's collection key, null when it has none", () => {
    expect(Schema.decodeUnknownSync(ContractAnswer)({ collection: null })).toEqual({ collection: null })
    expect(refuses(ContractAnswer, { contract_standard: "erc721" })).toBe(true)
  })

  it("reads traits with string or number values", () => {
    const nft = {
      nft: {
        traits: [
          { trait_type: "Level", value: 3 },
          { trait_type: "Hat", value: "Cap" },
        ],
      },
    }
    expect(Schema.decodeUnknownSync(NftAnswer)(nft)).toEqual(nft)
  })

  it("reads a fulfilment's transaction and refuses one without its input data", () => {
    const transaction = { function: "fulfillBasicOrder(...)", to: address, value: 1, input_data: { parameters: {} } }
    const answer = { fulfillment_data: { transaction, orders: [] } }
    expect(Schema.decodeUnknownSync(FulfillmentAnswer)(answer)).toEqual(answer)
    const { input_data: _dropped, ...without } = transaction
    expect(refuses(FulfillmentAnswer, { fulfillment_data: { transaction: without } })).toBe(true)
  })

  it("reads a built offer's partial parameters", () => {
    const built = { partialParameters: { consideration: [item], zone: address } }
    expect(Schema.decodeUnknownSync(BuildAnswer)(built)).toEqual(built)
    expect(refuses(BuildAnswer, { partialParameters: { consideration: [item] } })).toBe(true)
  })

  it("reads a post's order hash at the top or under order, and refuses an answer with neither", () => {
    expect(Schema.decodeUnknownSync(PostAnswer)({ order_hash: "0x01" })).toEqual({ order_hash: "0x01" })
    expect(Schema.decodeUnknownSync(PostAnswer)({ order: { order_hash: "0x02" } })).toEqual({
      order: { order_hash: "0x02" },
    })
    expect(refuses(PostAnswer, { hash: "0x03" })).toBe(true)
  })
})
