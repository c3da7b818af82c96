/**
 * The fake OpenSea's fulfilment answers, read back the way the OpenSea book reads them (`fulfillmentTransaction`,
 * then Seaport's ABI): the basic call where the order allows it, an advanced one otherwise, the value a fill pays,
 * and `units_to_fill` refused as OpenSea refuses it.
 */
import * as Result from "effect/Result"
import { decodeFunctionData, getAddress, type Hex, zeroAddress, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import { fulfillmentTransaction } from "../../../../src/apis/opensea/plans/fulfillmentTransaction.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import type { FakeItem, FakeOrder } from "../../../../src/testing/fakeOpenSea/fakeOrder.js"
import {
  type FakeFillRequest,
  fulfillmentAnswer,
  unitsToFillOf,
} from "../../../../src/testing/fakeOpenSea/fulfillment.js"

const SEAPORT = getAddress("0x0000000000000068F116a894984e2DB1123eB395")
const CONDUIT_KEY: Hex = `0x${"0a".repeat(32)}`
const BOOK = { chainId: 1, seaport: SEAPORT, conduitKey: CONDUIT_KEY }
const MAKER = getAddress("0x00000000000000000000000000000000000000aa")
const BUYER = getAddress("0x00000000000000000000000000000000000000bb")
const FRIEND = getAddress("0x00000000000000000000000000000000000000cc")
const FEE = getAddress("0x00000000000000000000000000000000000000fe")
const NFT = getAddress("0x00000000000000000000000000000000000a11ce")
const WETH = getAddress("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")
const SIGNED_ZONE = getAddress("0x000056f7000000ece9003ca63978907a00ffd100")

const pay = (token: `0x${string}`, amount: bigint, recipient: `0x${string}`): FakeItem => ({
  itemType: token === zeroAddress ? 0 : 1,
  token,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

/** A listing of `units` of token 7 for 1000 of `currency` (10 of it OpenSea's fee). */
const listingOf = (options: { currency?: `0x${string}`; units?: bigint; orderType?: number } = {}): FakeOrder => {
  const currency = options.currency ?? zeroAddress
  const units = options.units ?? 1n
  return {
    hash: `0x${"11".repeat(32)}`,
    kind: "listing",
    components: {
      offerer: MAKER,
      zone: zeroAddress,
      offer: [
        { itemType: units > 1n ? 3 : 2, token: NFT, identifierOrCriteria: 7n, startAmount: units, endAmount: units },
      ],
      consideration: [pay(currency, 990n, MAKER), pay(currency, 10n, FEE)],
      orderType: options.orderType ?? (units > 1n ? 1 : 0),
      startTime: 1n,
      endTime: 2_000_000_000n,
      zoneHash: zeroHash,
      salt: 5n,
      conduitKey: CONDUIT_KEY,
      counter: 0n,
    },
    signature: `0x${"22".repeat(65)}`,
    contract: NFT,
    tokenId: 7n,
    price: 1000n,
    currency,
    symbol: "ETH",
    decimals: 18,
    cancelled: false,
  }
}

/** A collection offer of 1000 WETH for any token of NFT, in OpenSea's signed zone. */
const collectionOffer: FakeOrder = {
  ...listingOf(),
  hash: `0x${"33".repeat(32)}`,
  kind: "collection-offer",
  tokenId: undefined,
  currency: WETH,
  components: {
    ...listingOf().components,
    zone: SIGNED_ZONE,
    orderType: 2,
    offer: [{ itemType: 1, token: WETH, identifierOrCriteria: 0n, startAmount: 1000n, endAmount: 1000n }],
    consideration: [
      { itemType: 4, token: NFT, identifierOrCriteria: 0n, startAmount: 1n, endAmount: 1n, recipient: MAKER },
      pay(WETH, 10n, FEE),
    ],
  },
}

/** The answer's transaction as the book encodes it, decoded with Seaport's ABI. */
const callOf = (order: FakeOrder, request: FakeFillRequest, answer = 1) => {
  const body = fulfillmentAnswer(BOOK, answer, order, request) as {
    fulfillment_data: { transaction: unknown; orders: ReadonlyArray<{ signature: Hex }> }
  }
  const transaction = Result.getOrThrow(fulfillmentTransaction(body.fulfillment_data.transaction))
  const decoded = decodeFunctionData({ abi: seaportAbi, data: transaction.data })
  return { transaction, decoded, args: decoded.args as unknown as ReadonlyArray<any>, body }
}

describe("fulfillmentAnswer", () => {
  it("fills a native listing with the basic call: route 0 for an ERC-721, the fee as an additional recipient", () => {
    const { transaction, decoded, args, body } = callOf(listingOf(), { fulfiller: BUYER })
    expect([transaction.to, transaction.value, decoded.functionName]).toEqual([
      SEAPORT,
      1000n,
      "fulfillBasicOrder_efficient_6GL6yc",
    ])
    expect(args[0]).toMatchObject({
      considerationAmount: 990n,
      offerIdentifier: 7n,
      basicOrderType: 0,
      fulfillerConduitKey: CONDUIT_KEY,
      additionalRecipients: [{ amount: 10n, recipient: FEE }],
    })
    expect(body.fulfillment_data.orders[0]!.signature).toBe(listingOf().signature)
  })

  it("fills an ERC-20 listing with the basic call on route 2: basic order type 8, no value", () => {
    const { transaction, args } = callOf(listingOf({ currency: WETH }), { fulfiller: BUYER })
    expect([transaction.value, args[0].basicOrderType]).toEqual([0n, 8])
  })

  it("fills for another recipient with fulfillAdvancedOrder, the whole order as 1/1", () => {
    const { decoded, args } = callOf(listingOf(), { fulfiller: BUYER, recipient: FRIEND })
    expect(decoded.functionName).toBe("fulfillAdvancedOrder")
    expect([args[0].numerator, args[0].denominator, args[0].extraData, args[3]]).toEqual([1n, 1n, "0x", FRIEND])
  })

  it("uses fulfillAvailableAdvancedOrders when asked, one fulfilment per item, at most one order", () => {
    const { decoded, args } = callOf(listingOf(), { fulfiller: BUYER, form: "available" })
    expect(decoded.functionName).toBe("fulfillAvailableAdvancedOrders")
    expect([args[0].length, args[2].length, args[3].length, args[6]]).toEqual([1, 1, 2, 1n])
  })

  it("fills part of an ERC-1155 listing as units/total, paying that share of the native price", () => {
    const { transaction, decoded, args } = callOf(listingOf({ units: 2n }), { fulfiller: BUYER, unitsToFill: 1n })
    expect(decoded.functionName).toBe("fulfillAdvancedOrder")
    expect([args[0].numerator, args[0].denominator, transaction.value]).toEqual([1n, 2n, 500n])
  })

  it("sells into a collection offer with the token as its criteria resolver, fresh zone data per answer", () => {
    const first = callOf(collectionOffer, { fulfiller: BUYER, tokenId: 9n }, 1)
    expect(first.decoded.functionName).toBe("fulfillAdvancedOrder")
    expect(first.transaction.value).toBe(0n)
    expect(first.args[1]).toEqual([{ orderIndex: 0n, side: 1, index: 0n, identifier: 9n, criteriaProof: [] }])
    const second = callOf(collectionOffer, { fulfiller: BUYER, tokenId: 9n }, 2)
    expect(first.args[0].extraData).not.toBe("0x")
    expect(second.args[0].extraData).not.toBe(first.args[0].extraData)
  })
})

describe("unitsToFillOf", () => {
  it("leaves it unset when not asked, or for an offer", () => {
    expect(unitsToFillOf(listingOf({ units: 4n }), undefined)).toBeUndefined()
    expect(unitsToFillOf(collectionOffer, 1)).toBeUndefined()
  })

  it("takes a positive whole number up to the order's units", () => {
    expect(unitsToFillOf(listingOf({ units: 4n }), 3)).toBe(3n)
  })

  it("refuses what OpenSea refuses: no positive integer, more than the order sells, part of a full fill", () => {
    const partial = listingOf({ units: 4n })
    expect(unitsToFillOf(partial, 0)).toBe("units_to_fill 0 is not a positive integer")
    expect(unitsToFillOf(partial, "2")).toBe('units_to_fill "2" is not a positive integer')
    expect(unitsToFillOf(partial, 1.5)).toBe("units_to_fill 1.5 is not a positive integer")
    expect(unitsToFillOf(partial, 5)).toBe("units_to_fill 5 is more than the 4 unit(s) the order sells")
    const whole = listingOf({ units: 4n, orderType: 0 })
    expect(unitsToFillOf(whole, 1)).toBe(`Order ${whole.hash} does not allow partial fills`)
  })
})
