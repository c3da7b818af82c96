/**
 * Seaport's enumerations and the item predicates every order check leans on: the numbers are Seaport's (as
 * seaport-js names them), and a currency, a criteria item and an address are recognised whatever form they come in.
 */
import { describe, expect, it } from "@effect/vitest"
import { ItemType as SeaportJsItemType, OrderType as SeaportJsOrderType } from "@opensea/seaport-js/lib/constants.js"
import {
  ItemType,
  isCriteriaItem,
  isCurrencyItem,
  OrderType,
  sameAddress,
} from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"

describe("ItemType and OrderType", () => {
  it("number the item types as Seaport does", () => {
    for (const [name, value] of Object.entries(ItemType)) {
      expect(SeaportJsItemType[name as keyof typeof SeaportJsItemType]).toBe(value)
    }
    expect(Object.keys(ItemType)).toHaveLength(6)
  })

  it("number the order types as Seaport does, the contract order after seaport-js's four", () => {
    for (const [name, value] of Object.entries(OrderType)) {
      if (name !== "CONTRACT") expect(SeaportJsOrderType[name as keyof typeof SeaportJsOrderType]).toBe(value)
    }
    expect(OrderType.CONTRACT).toBe(4)
  })
})

describe("isCurrencyItem", () => {
  it("is true of native and ERC-20 items only", () => {
    const currencies = Object.values(ItemType).filter((itemType) => isCurrencyItem({ itemType }))
    expect(currencies).toEqual([ItemType.NATIVE, ItemType.ERC20])
  })

  it("is false of an item type Seaport does not know", () => {
    expect(isCurrencyItem({ itemType: 6 })).toBe(false)
    expect(isCurrencyItem({ itemType: -1 })).toBe(false)
  })
})

describe("isCriteriaItem", () => {
  it("is true of the two criteria item types only", () => {
    const criteria = Object.values(ItemType).filter((itemType) => isCriteriaItem({ itemType }))
    expect(criteria).toEqual([ItemType.ERC721_WITH_CRITERIA, ItemType.ERC1155_WITH_CRITERIA])
    expect(isCriteriaItem({ itemType: 6 })).toBe(false)
  })
})

describe("sameAddress", () => {
  const checksummed = "0x0000000000000068F116a894984e2DB1123eB395"

  it("matches an address in any letter case", () => {
    expect(sameAddress(checksummed, checksummed.toLowerCase())).toBe(true)
    expect(sameAddress(checksummed.toLowerCase(), `0x${checksummed.slice(2).toUpperCase()}`)).toBe(true)
  })

  it("tells different addresses apart", () => {
    expect(sameAddress(checksummed, "0x0000000000000068F116a894984e2DB1123eB396")).toBe(false)
  })

  it("answers false for a malformed address instead of throwing", () => {
    expect(sameAddress(checksummed, "not an address")).toBe(false)
    expect(sameAddress("", checksummed)).toBe(false)
  })
})
