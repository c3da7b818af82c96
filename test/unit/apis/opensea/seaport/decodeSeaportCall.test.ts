/**
 * Seaport calls decoded into one shape: every fulfilment function (a basic order as the full order Seaport derives,
 * with the same hash), `cancel`, an appended suffix kept apart, and calldata Seaport would read otherwise refused.
 */
import * as Effect from "effect/Effect"
import { encodeFunctionData, type Hex, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import { decodeSeaportCall, type SeaportFulfilment } from "../../../../../src/apis/opensea/seaport/decodeSeaportCall.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"
import { orderHashOf, seaportOrderHash } from "../../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import {
  advanced,
  basicOf,
  collectionOffer,
  fulfillAdvanced,
  fulfillAvailable,
  fulfillBasic,
  itemOffer,
  listing,
  parametersOf,
  refusal,
  seaport,
  stranger,
  weth,
} from "./fixtures.js"

const decode = (transaction: { to: `0x${string}`; value: bigint; data: Hex }) =>
  Effect.runSync(decodeSeaportCall(transaction)) as SeaportFulfilment

describe("decodeSeaportCall: basic orders", () => {
  it.each([
    ["an ETH listing (route 0)", listing(), 0],
    ["a WETH listing (route 2)", listing({}, weth), 2],
    ["an item offer (route 4)", itemOffer(), 4],
  ])("%s decodes to the full order with the signed order's hash", (_, components, route) => {
    const call = decode(fulfillBasic(basicOf(components, route)))
    expect(call.function).toBe("fulfillBasicOrder_efficient_6GL6yc")
    expect(call.orders).toHaveLength(1)
    expect(call.orders[0]!.parameters).toEqual(parametersOf(components))
    expect(orderHashOf(call.orders[0]!.parameters, 0n)).toBe(seaportOrderHash(components))
    expect(call).toMatchObject({
      recipient: "caller",
      maximumFulfilled: 1n,
      criteriaResolvers: [],
      fulfillerConduitKey: zeroHash,
      suffix: "0x",
    })
  })

  it("additional recipients past the signed ones are tips: in the consideration, not in the hash", () => {
    const basic = basicOf(listing(), 0)
    const tipped = {
      ...basic,
      additionalRecipients: [...basic.additionalRecipients, { amount: 5n, recipient: stranger }],
    }
    const order = decode(fulfillBasic(tipped)).orders[0]!
    expect(order.parameters.consideration.at(-1)).toMatchObject({ recipient: stranger, startAmount: 5n, itemType: 0 })
    expect(orderHashOf(order.parameters, 0n)).toBe(seaportOrderHash(listing()))
  })

  it("the plain fulfillBasicOrder decodes alike", () => {
    const data = encodeFunctionData({
      abi: seaportAbi,
      functionName: "fulfillBasicOrder",
      args: [basicOf(listing(), 0)],
    })
    const call = decode({ to: seaport, value: 0n, data })
    expect(call.function).toBe("fulfillBasicOrder")
    expect(orderHashOf(call.orders[0]!.parameters, 0n)).toBe(seaportOrderHash(listing()))
  })

  it("refuses a basic order type past Seaport's routes", () => {
    expect(refusal(decodeSeaportCall(fulfillBasic({ ...basicOf(listing(), 0), basicOrderType: 24 })))).toBe("calldata")
  })
})

describe("decodeSeaportCall: the other fulfilments", () => {
  it("fulfillOrder: a whole fill to the caller", () => {
    const parameters = parametersOf(listing())
    const data = encodeFunctionData({
      abi: seaportAbi,
      functionName: "fulfillOrder",
      args: [{ parameters, signature: "0x1234" }, zeroHash],
    })
    const call = decode({ to: seaport, value: 1n, data })
    expect(call).toMatchObject({ function: "fulfillOrder", value: 1n, recipient: "caller", maximumFulfilled: 1n })
    expect(call.orders).toEqual([{ parameters, numerator: 1n, denominator: 1n, signature: "0x1234", extraData: "0x" }])
  })

  it("fulfillAdvancedOrder: the fraction, resolvers and a recipient; the zero address is the caller", () => {
    const order = advanced(parametersOf(collectionOffer()), [1n, 2n])
    const resolver = { orderIndex: 0n, side: 1, index: 0n, identifier: 42n, criteriaProof: [] }
    const call = decode(fulfillAdvanced(order, { resolvers: [resolver], recipient: stranger }))
    expect(call).toMatchObject({ function: "fulfillAdvancedOrder", recipient: stranger, criteriaResolvers: [resolver] })
    expect(call.orders).toEqual([order])
    expect(decode(fulfillAdvanced(order)).recipient).toBe("caller")
  })

  it("fulfillAvailableOrders and fulfillAvailableAdvancedOrders: every order and maximumFulfilled", () => {
    const orders = [advanced(parametersOf(listing())), advanced(parametersOf(listing({ salt: 99n })))]
    expect(decode(fulfillAvailable(orders)).orders).toEqual(orders)
    expect(decode(fulfillAvailable(orders)).maximumFulfilled).toBe(2n)
    const data = encodeFunctionData({
      abi: seaportAbi,
      functionName: "fulfillAvailableOrders",
      args: [
        orders.map((order) => ({ parameters: order.parameters, signature: order.signature })),
        [],
        [],
        zeroHash,
        1n,
      ],
    })
    const call = decode({ to: seaport, value: 0n, data })
    expect(call).toMatchObject({ function: "fulfillAvailableOrders", recipient: "caller", maximumFulfilled: 1n })
    expect(call.orders.map((order) => order.parameters)).toEqual(orders.map((order) => order.parameters))
  })

  it("matchAdvancedOrders and matchOrders: every order, the resolvers, the recipient of what is unspent, no fulfiller conduit", () => {
    const orders = [advanced(parametersOf(collectionOffer())), advanced(parametersOf(listing({ offerer: stranger })))]
    const resolver = { orderIndex: 0n, side: 1, index: 0n, identifier: 42n, criteriaProof: [] }
    const data = encodeFunctionData({
      abi: seaportAbi,
      functionName: "matchAdvancedOrders",
      args: [orders, [resolver], [], stranger],
    })
    const call = decode({ to: seaport, value: 0n, data })
    expect(call).toMatchObject({
      function: "matchAdvancedOrders",
      orders,
      criteriaResolvers: [resolver],
      recipient: stranger,
      maximumFulfilled: 2n,
    })
    expect(call.fulfillerConduitKey).toBeUndefined()
    const plain = encodeFunctionData({
      abi: seaportAbi,
      functionName: "matchOrders",
      args: [orders.map(({ parameters, signature }) => ({ parameters, signature })), []],
    })
    expect(decode({ to: seaport, value: 0n, data: plain })).toMatchObject({
      function: "matchOrders",
      recipient: "caller",
      maximumFulfilled: 2n,
    })
  })

  it("cancel: the orders with their counters", () => {
    const orders = [listing(), itemOffer({ counter: 3n })]
    const data = encodeFunctionData({ abi: seaportAbi, functionName: "cancel", args: [orders] })
    expect(Effect.runSync(decodeSeaportCall({ to: seaport, value: 0n, data }))).toMatchObject({
      function: "cancel",
      orders,
    })
  })
})

describe("decodeSeaportCall: what it refuses", () => {
  it("keeps an appended suffix apart, and decodes the call before it", () => {
    const transaction = fulfillBasic(basicOf(listing(), 0))
    const call = decode({ ...transaction, data: `${transaction.data}1d4da48b` })
    expect(call.suffix).toBe("0x1d4da48b")
    expect(orderHashOf(call.orders[0]!.parameters, 0n)).toBe(seaportOrderHash(listing()))
  })

  it("refuses calldata that is not a Seaport call it knows", () => {
    expect(refusal(decodeSeaportCall({ to: seaport, value: 0n, data: "0xdeadbeef" }))).toBe("calldata")
  })

  it("refuses calldata not encoded as Solidity does (a dirty address word Seaport's basic order would read)", () => {
    const { data } = fulfillBasic(basicOf(listing(), 0))
    // The first word after the tuple's offset is considerationToken; a dirty upper byte is not what viem re-encodes.
    const at = 10 + 64
    const dirty = `${data.slice(0, at)}ff${data.slice(at + 2)}` as Hex
    expect(refusal(decodeSeaportCall({ to: seaport, value: 0n, data: dirty }))).toBe("calldata")
  })

  it("refuses a small integer wider than its type (a basic order type of 256), as a typed error", () => {
    const { data } = fulfillBasic(basicOf(listing(), 0))
    // basicOrderType is the tuple's ninth word.
    const at = 10 + 64 + 8 * 64
    const wide = `${data.slice(0, at)}${"0".repeat(60)}0100${data.slice(at + 64)}` as Hex
    expect(refusal(decodeSeaportCall({ to: seaport, value: 0n, data: wide }))).toBe("calldata")
  })

  it("refuses getCounter: not a call tradekit sends", () => {
    const getCounter = encodeFunctionData({ abi: seaportAbi, functionName: "getCounter", args: [stranger] })
    expect(refusal(decodeSeaportCall({ to: seaport, value: 0n, data: getCounter }))).toBe("function")
  })
})
