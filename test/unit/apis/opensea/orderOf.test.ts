/** The spec's `Listing` and `Offer` as the OpenSea book reads them, and the wire's numbers and tokens. */

import * as Result from "effect/Result"
import { zeroAddress } from "viem"
import { describe, expect, it } from "vitest"
import { OpenSeaError } from "../../../../src/apis/opensea/book/OpenSeaError.js"
import { bigIntOf, orderOf, tokenOf } from "../../../../src/apis/opensea/wire/orderOf.js"

const seaport = "0x0000000000000068f116a894984e2db1123eb395"
const maker = "0x1111111111111111111111111111111111111111"
const nft = "0x2222222222222222222222222222222222222222"
const weth = "0x4444444444444444444444444444444444444444"

const item = (itemType: number, token: string, id = "0", amount = "1") => ({
  itemType,
  token,
  identifierOrCriteria: id,
  startAmount: amount,
  endAmount: amount,
})

const parameters = (offer: ReadonlyArray<object>, consideration: ReadonlyArray<object>) => ({
  offerer: maker,
  zone: zeroAddress,
  offer,
  consideration,
  orderType: "0",
  startTime: "1",
  endTime: "2",
  zoneHash: `0x${"00".repeat(32)}`,
  salt: "3",
  conduitKey: `0x${"00".repeat(32)}`,
  counter: "0",
})

describe("orderOf", () => {
  it("reads the spec's order with its schema: the hash, the protocol, the parameters as OpenSea wrote them (price fields are not trusted)", () => {
    const order = Result.getOrThrow(
      orderOf({
        order_hash: `0x${"ab".repeat(32)}`,
        protocol_address: seaport,
        asset: { contract: nft, identifier: "42" },
        price: { current: { currency: "WETH", decimals: 24, value: "1" } },
        protocol_data: {
          parameters: parameters([item(2, nft, "42")], [{ ...item(1, weth), recipient: maker }]),
          signature: null,
        },
      }),
    )
    expect(order).toEqual({
      hash: `0x${"ab".repeat(32)}`,
      protocolAddress: "0x0000000000000068F116a894984e2DB1123eB395",
      parameters: parameters([item(2, nft, "42")], [{ ...item(1, weth), recipient: maker }]),
    })
  })

  it("refuses an answer of another shape (unreadable): no order_hash, no parameters, an item without its token", () => {
    expect(() => Result.getOrThrow(orderOf({ order_hash: "0x" }))).toThrow(OpenSeaError)
    expect(() =>
      Result.getOrThrow(orderOf({ order_hash: `0x${"ab".repeat(32)}`, protocol_address: seaport, protocol_data: {} })),
    ).toThrow(OpenSeaError)
    const { token: _token, ...tokenless } = item(2, nft)
    expect(() =>
      Result.getOrThrow(
        orderOf({
          order_hash: `0x${"ab".repeat(32)}`,
          protocol_address: seaport,
          protocol_data: { parameters: parameters([tokenless], []) },
        }),
      ),
    ).toThrow(OpenSeaError)
  })

  it("refuses a JSON number past 2^53 as a number (its wei would be rounded)", () => {
    expect(() => Result.getOrThrow(bigIntOf(120_000_000_000_000_000, "price.value"))).toThrow(OpenSeaError)
  })
})

describe("bigIntOf and tokenOf", () => {
  it("read the wire's three spellings of a number, and refuse others", () => {
    expect([
      Result.getOrThrow(bigIntOf(0, "n")),
      Result.getOrThrow(bigIntOf("0", "n")),
      Result.getOrThrow(bigIntOf("0x0", "n")),
      Result.getOrThrow(bigIntOf("0x1f", "n")),
    ]).toEqual([0n, 0n, 0n, 31n])
    expect(() => Result.getOrThrow(bigIntOf(1.5, "n"))).toThrow(OpenSeaError)
    expect(() => Result.getOrThrow(bigIntOf("-1", "n"))).toThrow(OpenSeaError)
  })

  it("split 0xcontract:tokenId; a malformed token is the caller's mistake (invalid)", () => {
    expect(Result.getOrThrow(tokenOf(`${nft}:7`))).toEqual({
      contract: "0x2222222222222222222222222222222222222222",
      tokenId: "7",
    })
    try {
      Result.getOrThrow(tokenOf("punk#7"))
      expect.unreachable()
    } catch (error) {
      expect((error as OpenSeaError).reason._tag).toBe("Invalid")
    }
  })
})
