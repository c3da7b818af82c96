import { type Address, zeroAddress, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import {
  DEFAULT_ORDER_SECONDS,
  endTimeOf,
  feeItems,
  orderSignatureItem,
  randomSalt,
  restrictedOrderType,
  wireItem,
} from "../../../../../src/apis/opensea/wire/orderComponents.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const conduitKey = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
const ctx = { chain: { id: 8453 }, chainName: "base", config: { seaport, conduitKey } } as unknown as PlanContext
const maker: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const feeRecipient: Address = "0x0000a26b00c1f0df003000390027140000faa719"
const weth: Address = "0x4200000000000000000000000000000000000006"
const nft: Address = "0x3333333333333333333333333333333333333333"

const terms = {
  offerer: maker,
  offer: [wireItem(2, nft, "7", 1n)],
  consideration: [wireItem(0, zeroAddress, "0", 975n, maker), wireItem(0, zeroAddress, "0", 25n, feeRecipient)],
  orderType: 0,
  startTime: 100n,
  endTime: 200n,
  counter: 3n,
} as const

describe("orderComponents", () => {
  it("prices each fee in the currency's item type, and leaves out a fee that comes to nothing", () => {
    const fees = [
      { recipient: feeRecipient, basisPoints: 250n },
      { recipient: maker, basisPoints: 1n },
    ]
    expect(feeItems(fees, weth, 1000n)).toEqual([wireItem(1, weth, "0", 25n, feeRecipient)])
    expect(feeItems(fees, zeroAddress, 1_000_000n).map((item) => [item.itemType, item.startAmount])).toEqual([
      [0, "25000"],
      [0, "100"],
    ])
  })

  it("makes an OrderComponents signature item on the chain's Seaport, posted as a listing", () => {
    const item = orderSignatureItem(ctx, terms, { kind: "listing" })
    const { sign, post } = item.data
    expect(sign.domain).toEqual({ name: "Seaport", version: "1.6", chainId: 8453, verifyingContract: seaport })
    expect(sign.primaryType).toBe("OrderComponents")
    expect(sign.value).toMatchObject({
      zone: zeroAddress,
      zoneHash: zeroHash,
      conduitKey,
      counter: "3",
      endTime: "200",
    })
    expect(post.endpoint).toBe("/api/v2/orders/base/seaport/listings")
    expect(post.body).toMatchObject({ protocol_address: seaport, parameters: { totalOriginalConsiderationItems: 2 } })
  })

  it("posts an item offer on the offers route and a collection offer with its criteria", () => {
    expect(orderSignatureItem(ctx, terms, { kind: "item-offer" }).data.post.endpoint).toBe(
      "/api/v2/orders/base/seaport/offers",
    )
    const collection = orderSignatureItem(ctx, terms, { kind: "collection-offer", slug: "cats" }).data.post
    expect(collection.endpoint).toBe("/api/v2/offers")
    expect(collection.body).toMatchObject({ criteria: { collection: { slug: "cats" } }, protocol_address: seaport })
  })

  it("salts every order afresh", () => {
    const salts = new Set(Array.from({ length: 5 }, randomSalt))
    expect(salts.size).toBe(5)
    for (const salt of salts) expect(BigInt(salt) < 2n ** 256n).toBe(true)
  })

  it.each([
    [1_700_000_000, 1_700_000_000n],
    ["1700000000.9", 1_700_000_000n],
    [undefined, 1000n + DEFAULT_ORDER_SECONDS],
    [0, 1000n + DEFAULT_ORDER_SECONDS],
    ["soon", 1000n + DEFAULT_ORDER_SECONDS],
    [-5, 1000n + DEFAULT_ORDER_SECONDS],
  ])("ends an order given the expiration %s at %s", (expiration, expected) => {
    expect(endTimeOf(expiration, 1000n)).toBe(expected)
  })

  it.each([
    [false, undefined, 0],
    [true, undefined, 1],
    [false, zeroAddress, 0],
    [false, nft, 2],
    [true, nft, 3],
  ] as const)("types a listing partial=%s with zone %s as order type %s", (partial, zone, expected) => {
    expect(restrictedOrderType(partial, zone)).toBe(expected)
  })
})
