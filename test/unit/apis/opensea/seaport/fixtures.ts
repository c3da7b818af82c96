/**
 * Orders and Seaport calls for the order-check tests: a listing, an item offer and a collection offer between fixed
 * parties, and their fulfilments encoded with viem from Seaport's ABI, as a book would hand them out.
 */
import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, getAddress, type Hex, parseEther, zeroAddress, zeroHash } from "viem"
import { expect } from "vitest"
import type { BasicOrderParameters } from "../../../../../src/apis/opensea/seaport/basicOrder.js"
import {
  type AdvancedOrder,
  type CriteriaResolver,
  ItemType,
  type OrderComponents,
  type OrderParameters,
} from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"
import { seaportOrderHash } from "../../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import type { OrderCheckError } from "../../../../../src/errors/OrderCheckError.js"

export const seaport: Address = "0x0000000000000068F116a894984e2DB1123eB395"
export const conduitKey: Hex = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
export const signedZone: Address = getAddress("0x000056f7000000ece9003ca63978907a00ffd100")
export const maker: Address = "0x1111111111111111111111111111111111111111"
export const taker: Address = "0x2222222222222222222222222222222222222222"
export const nft: Address = "0x3333333333333333333333333333333333333333"
export const creator: Address = "0x4444444444444444444444444444444444444444"
export const weth: Address = "0x5555555555555555555555555555555555555555"
export const stranger: Address = "0x6666666666666666666666666666666666666666"
export const openSeaFee: Address = getAddress("0x0000a26b00c1f0df003000390027140000faa719")

export const price = parseEther("0.1")
/** 2.5 % creator earnings. */
export const creatorFee = parseEther("0.0025")
export const start = 1_790_000_000n
export const end = start + 30n * 86_400n

const item = (itemType: number, token: Address, identifier: bigint, amount: bigint) => ({
  itemType,
  token,
  identifierOrCriteria: identifier,
  startAmount: amount,
  endAmount: amount,
})

/** A listing of `nft` #42 for 0.1 ETH (or `currency`), 2.5 % of it to the creator. */
export const listing = (overrides: Partial<OrderComponents> = {}, currency: Address = zeroAddress): OrderComponents => {
  const type = currency === zeroAddress ? ItemType.NATIVE : ItemType.ERC20
  return {
    offerer: maker,
    zone: zeroAddress,
    offer: [item(ItemType.ERC721, nft, 42n, 1n)],
    consideration: [
      { ...item(type, currency, 0n, price - creatorFee), recipient: maker },
      { ...item(type, currency, 0n, creatorFee), recipient: creator },
    ],
    orderType: 0,
    startTime: start,
    endTime: end,
    zoneHash: zeroHash,
    salt: 7n,
    conduitKey,
    counter: 0n,
    ...overrides,
  }
}

/** An item offer of 0.1 WETH for `nft` #42, 2.5 % of it to the creator. */
export const itemOffer = (overrides: Partial<OrderComponents> = {}): OrderComponents => ({
  offerer: maker,
  zone: zeroAddress,
  offer: [item(ItemType.ERC20, weth, 0n, price)],
  consideration: [
    { ...item(ItemType.ERC721, nft, 42n, 1n), recipient: maker },
    { ...item(ItemType.ERC20, weth, 0n, creatorFee), recipient: creator },
  ],
  orderType: 0,
  startTime: start,
  endTime: end,
  zoneHash: zeroHash,
  salt: 8n,
  conduitKey,
  counter: 0n,
  ...overrides,
})

/** A collection offer of 0.1 WETH for any `nft`, in OpenSea's signed zone. */
export const collectionOffer = (overrides: Partial<OrderComponents> = {}): OrderComponents =>
  itemOffer({
    consideration: [
      { ...item(ItemType.ERC721_WITH_CRITERIA, nft, 0n, 1n), recipient: maker },
      { ...item(ItemType.ERC20, weth, 0n, creatorFee), recipient: creator },
    ],
    orderType: 2,
    zone: signedZone,
    salt: 9n,
    ...overrides,
  })

/** The order's parameters as a fulfilment carries them, with `tips` after the signed consideration. */
export const parametersOf = (
  components: OrderComponents,
  tips: OrderParameters["consideration"] = [],
): OrderParameters => {
  const { counter: _, ...fields } = components
  return {
    ...fields,
    consideration: [...fields.consideration, ...tips],
    totalOriginalConsiderationItems: BigInt(fields.consideration.length),
  }
}

/** The named order of `components`: its hash at its counter. */
export const named = (components: OrderComponents) => ({
  hash: seaportOrderHash(components),
  counter: components.counter,
})

export const advanced = (
  parameters: OrderParameters,
  fraction: readonly [bigint, bigint] = [1n, 1n],
): AdvancedOrder => ({
  parameters,
  numerator: fraction[0],
  denominator: fraction[1],
  signature: `0x${"ab".repeat(64)}`,
  extraData: "0x",
})

/** `fulfillAdvancedOrder` of `order`, to `recipient` (the caller by default). */
export const fulfillAdvanced = (
  order: AdvancedOrder,
  {
    resolvers = [],
    recipient = zeroAddress,
    value = 0n,
  }: { resolvers?: ReadonlyArray<CriteriaResolver>; recipient?: Address; value?: bigint } = {},
) => ({
  to: seaport,
  value,
  data: encodeFunctionData({
    abi: seaportAbi,
    functionName: "fulfillAdvancedOrder",
    args: [order, resolvers, zeroHash, recipient],
  }),
})

/** `fulfillAvailableAdvancedOrders` of `orders`. */
export const fulfillAvailable = (
  orders: ReadonlyArray<AdvancedOrder>,
  value = 0n,
  recipient: Address = zeroAddress,
) => ({
  to: seaport,
  value,
  data: encodeFunctionData({
    abi: seaportAbi,
    functionName: "fulfillAvailableAdvancedOrders",
    args: [orders, [], [], [], zeroHash, recipient, BigInt(orders.length)],
  }),
})

/** The basic order parameters of a single-offer-item order whose first consideration item pays the offerer. */
export const basicOf = (components: OrderComponents, route: number): BasicOrderParameters => {
  const [offered] = components.offer
  const [paid, ...additional] = components.consideration
  return {
    considerationToken: paid!.token,
    considerationIdentifier: paid!.identifierOrCriteria,
    considerationAmount: paid!.endAmount,
    offerer: components.offerer,
    zone: components.zone,
    offerToken: offered!.token,
    offerIdentifier: offered!.identifierOrCriteria,
    offerAmount: offered!.endAmount,
    basicOrderType: route * 4 + components.orderType,
    startTime: components.startTime,
    endTime: components.endTime,
    zoneHash: components.zoneHash,
    salt: components.salt,
    offererConduitKey: components.conduitKey,
    fulfillerConduitKey: zeroHash,
    totalOriginalAdditionalRecipients: BigInt(additional.length),
    additionalRecipients: additional.map((entry) => ({ amount: entry.endAmount, recipient: entry.recipient })),
    signature: `0x${"cd".repeat(64)}`,
  }
}

/** `fulfillBasicOrder_efficient_6GL6yc` of `basic`. */
export const fulfillBasic = (basic: BasicOrderParameters, value = 0n) => ({
  to: seaport,
  value,
  data: encodeFunctionData({ abi: seaportAbi, functionName: "fulfillBasicOrder_efficient_6GL6yc", args: [basic] }),
})

/** Runs a check: the error it refused with, or `undefined` when it passed. */
export const errorOf = (effect: Effect.Effect<unknown, OrderCheckError>): OrderCheckError | undefined =>
  Effect.runSync(Effect.match(effect, { onFailure: (error) => error, onSuccess: () => undefined }))

/** Runs a check: the rule it refused with (`undefined` when it passed), each refusal an opensea OrderCheckError. */
export const refusal = (effect: Effect.Effect<unknown, OrderCheckError>): string | undefined => {
  const error = errorOf(effect)
  if (error !== undefined) {
    expect(error._tag).toBe("OrderCheckError")
    expect(error.book).toBe("opensea")
  }
  return error?.check
}
