/**
 * The fees a precheck shows for an order: who is paid out of the price and what share of it, and the price itself
 * (what an offer offers, else what a listing asks).
 */
import { describe, expect, it } from "@effect/vitest"
import { type Address, parseEther, zeroAddress } from "viem"
import { orderPrice, requiredFeeItems } from "../../../../../src/apis/opensea/seaport/requiredFeeItems.js"
import { type ConsiderationItem, ItemType } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { creator, creatorFee, itemOffer, listing, maker, nft, openSeaFee, price, stranger, weth } from "./fixtures.js"

const paying = (recipient: Address, amount: bigint, itemType: number = ItemType.NATIVE): ConsiderationItem => ({
  itemType,
  token: itemType === ItemType.NATIVE ? zeroAddress : weth,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

describe("orderPrice", () => {
  it("is what a listing asks in currency, all recipients together", () => {
    expect(orderPrice(listing())).toBe(price)
  })

  it("is what an offer offers, not what it asks for in fees", () => {
    expect(orderPrice(itemOffer())).toBe(price)
  })

  it("counts the end amount of a price that moves", () => {
    const falling = listing({ consideration: [{ ...paying(maker, 100n), startAmount: 300n }] })
    expect(orderPrice(falling)).toBe(100n)
  })

  it("is 0 for an order that trades no currency", () => {
    const swap = listing({ consideration: [{ ...paying(maker, 1n, ItemType.ERC721), token: nft }] })
    expect(orderPrice(swap)).toBe(0n)
  })
})

describe("requiredFeeItems", () => {
  it("lists every currency payment to someone but the offerer, with its share in basis points", () => {
    const order = listing({
      consideration: [paying(maker, parseEther("0.9")), paying(openSeaFee, parseEther("0.01")), paying(creator, 0n)],
    })
    expect(requiredFeeItems(order)).toEqual([
      { recipient: openSeaFee, amount: parseEther("0.01"), basisPoints: 109n },
      { recipient: creator, amount: 0n, basisPoints: 0n },
    ])
  })

  it("rounds a share down", () => {
    const order = listing({ consideration: [paying(maker, 2n), paying(creator, 1n)] })
    expect(requiredFeeItems(order)).toEqual([{ recipient: creator, amount: 1n, basisPoints: 3_333n }])
  })

  it("knows the offerer in any letter case", () => {
    const order = listing({
      offerer: maker,
      consideration: [paying(maker.toUpperCase().replace("0X", "0x") as Address, price - creatorFee)],
    })
    expect(requiredFeeItems(order)).toEqual([])
  })

  it("leaves out the token an offer asks for, and shows an offer's fee as a share of what it offers", () => {
    expect(requiredFeeItems(itemOffer())).toEqual([{ recipient: creator, amount: creatorFee, basisPoints: 250n }])
  })

  it("shows a fee of an order with no price as 0 basis points rather than dividing by zero", () => {
    const order = listing({
      offer: [],
      consideration: [{ ...paying(stranger, 0n), itemType: ItemType.ERC20, token: weth }],
    })
    expect(requiredFeeItems(order)).toEqual([{ recipient: stranger, amount: 0n, basisPoints: 0n }])
  })
})
