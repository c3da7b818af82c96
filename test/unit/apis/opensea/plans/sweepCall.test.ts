import { decodeFunctionData, type Hex, zeroAddress, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import { sweepCall } from "../../../../../src/apis/opensea/plans/sweepCall.js"
import type { AdvancedOrder } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const taker = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const seller = "0x2222222222222222222222222222222222222222"
const nft = "0x3333333333333333333333333333333333333333"

/** A listing of token `id` for `price` wei, `fees` extra consideration items. */
const listing = (id: bigint, price: bigint, fees = 0): AdvancedOrder => ({
  parameters: {
    offerer: seller,
    zone: zeroAddress,
    offer: [{ itemType: 2, token: nft, identifierOrCriteria: id, startAmount: 1n, endAmount: 1n }],
    consideration: Array.from({ length: 1 + fees }, () => ({
      itemType: 0,
      token: zeroAddress,
      identifierOrCriteria: 0n,
      startAmount: price,
      endAmount: price,
      recipient: seller,
    })),
    orderType: 0,
    startTime: 0n,
    endTime: 2n ** 40n,
    zoneHash: zeroHash,
    salt: id,
    conduitKey: zeroHash,
    totalOriginalConsiderationItems: BigInt(1 + fees),
  },
  numerator: 1n,
  denominator: 1n,
  signature: "0x1234",
  extraData: "0x",
})

const orders = [listing(1n, 100n, 1), listing(2n, 200n)]
const base = { seaport, orders, taker, fulfillerConduitKey: zeroHash, value: 400n } as const
const decode = (data: Hex) => decodeFunctionData({ abi: seaportAbi, data })

describe("sweepCall", () => {
  it("calls fulfillAvailableAdvancedOrders on Seaport with the value the orders ask", () => {
    const call = sweepCall(base)
    expect(call.to).toBe(seaport)
    expect(call.value).toBe(400n)
    const { functionName, args } = decode(call.data)
    expect(functionName).toBe("fulfillAvailableAdvancedOrders")
    expect(args[4]).toBe(zeroHash)
    expect(args[5]).toBe(taker)
    expect(args[6]).toBe(2n)
  })

  it("makes each offer and consideration item a fulfillment of its own", () => {
    const { args } = decode(sweepCall(base).data)
    const at = (orderIndex: bigint, itemIndex: bigint) => [{ orderIndex, itemIndex }]
    expect(args[2]).toEqual([at(0n, 0n), at(1n, 0n)])
    expect(args[3]).toEqual([at(0n, 0n), at(0n, 1n), at(1n, 0n)])
  })

  it("appends the suffix the orders share, as bare lowercase hex", () => {
    const plain = sweepCall(base).data
    expect(sweepCall({ ...base, suffixes: ["0xABCD", "abcd"] }).data).toBe(`${plain}abcd`)
  })

  it.each([
    ["the suffixes differ", ["0xabcd", "0xef01"]],
    ["one is missing", ["0xabcd", null]],
    ["it is not hex", ["0xzz", "0xzz"]],
    ["it has an odd number of digits", ["0xabc", "0xabc"]],
  ])("appends no suffix when %s", (_label, suffixes) => {
    expect(sweepCall({ ...base, suffixes }).data).toBe(sweepCall(base).data)
  })
})
