/** The spec's `Listing` and `Offer` as the OpenSea layer reads them: side, currency, price, token. */
import { zeroAddress } from "viem"
import { describe, expect, it } from "vitest"
import { OpenSeaFailure } from "../../../../src/apis/opensea/OpenSeaFailure.js"
import { bigIntOf, orderOf, tokenOf } from "../../../../src/apis/opensea/orderOf.js"

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

describe("orderOf", () => {
  it("a WETH listing: the currency is the consideration's token, the price the buyer pays", () => {
    const order = orderOf({
      order_hash: `0x${"ab".repeat(32)}`,
      protocol_address: seaport,
      asset: { contract: nft, identifier: "42" },
      price: { current: { currency: "WETH", decimals: 18, value: 120_000_000_000_000 } },
      protocol_data: { parameters: { offerer: maker, offer: [item(2, nft, "42")], consideration: [{ ...item(1, weth), recipient: maker }] } },
    })
    expect(order).toMatchObject({ side: "listing", currency: "0x4444444444444444444444444444444444444444", price: 120_000_000_000_000n })
    expect(order).toMatchObject({ contract: "0x2222222222222222222222222222222222222222", tokenId: "42", symbol: "WETH" })
  })

  it("an ETH listing is in the zero address; a collection offer has a slug and no token", () => {
    const listing = orderOf({
      order_hash: `0x${"cd".repeat(32)}`,
      protocol_address: seaport,
      price: { current: { currency: "ETH", decimals: 18, value: "1" } },
      protocol_data: { parameters: { offerer: maker, offer: [item(2, nft)], consideration: [{ ...item(0, zeroAddress), recipient: maker }] } },
    })
    expect(listing.currency).toBe(zeroAddress)
    const offer = orderOf({
      order_hash: `0x${"ef".repeat(32)}`,
      protocol_address: seaport,
      price: { currency: "WETH", decimals: 18, value: "0x10" },
      criteria: { collection: { slug: "punks" } },
      protocol_data: { parameters: { offerer: maker, offer: [item(1, weth, "0", "16")], consideration: [{ ...item(4, nft), recipient: maker }] } },
    })
    expect(offer).toMatchObject({ side: "offer", slug: "punks", price: 16n, contract: undefined })
  })

  it("refuses a JSON number past 2^53 (its wei would be rounded) and an answer without order_hash (502)", () => {
    expect(() => bigIntOf(120_000_000_000_000_000, "price.value")).toThrow(OpenSeaFailure)
    expect(() => orderOf({ order_hash: "0x" })).toThrow(OpenSeaFailure)
  })
})

describe("bigIntOf and tokenOf", () => {
  it("read the wire's three spellings of a number, and refuse others", () => {
    expect([bigIntOf(0, "n"), bigIntOf("0", "n"), bigIntOf("0x0", "n"), bigIntOf("0x1f", "n")]).toEqual([0n, 0n, 0n, 31n])
    expect(() => bigIntOf(1.5, "n")).toThrow(OpenSeaFailure)
    expect(() => bigIntOf("-1", "n")).toThrow(OpenSeaFailure)
  })

  it("split 0xcontract:tokenId; a malformed token is the caller's mistake (400)", () => {
    expect(tokenOf(`${nft}:7`)).toEqual({ contract: "0x2222222222222222222222222222222222222222", tokenId: "7" })
    try {
      tokenOf("punk#7")
      expect.unreachable()
    } catch (error) {
      expect((error as OpenSeaFailure).status).toBe(400)
    }
  })
})
