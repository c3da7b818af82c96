import {
  type AbiFunction,
  type Address,
  getAbiItem,
  type Hex,
  keccak256,
  toFunctionSignature,
  toHex,
  zeroAddress,
} from "viem"
import { ItemType } from "../../apis/opensea/seaport/SeaportOrder.js"
import { seaportAbi } from "../../apis/opensea/seaport/seaportAbi.js"
import { callParameters, type FakeOrder, type Json, wireParameters } from "./fakeOrder.js"

/**
 * How a fulfilment is built: who fills, who receives, which token sells into a collection offer, which Seaport call.
 */
export interface FakeFillRequest {
  readonly fulfiller: Address
  /** Receives the NFT (a listing) or the payment (an offer); the fulfiller by default. */
  readonly recipient?: Address | undefined
  /** The token sold into a collection offer. */
  readonly tokenId?: bigint | undefined
  /** `basic` (fulfillBasicOrder_efficient_6GL6yc) where the order allows it, else `advanced` (fulfillAdvancedOrder). */
  readonly form?: "basic" | "advanced" | "available" | undefined
  /** The signed zone's `extraData` of this answer; a fresh one per answer for signed-zone orders by default. */
  readonly extraData?: Hex | undefined
  /** The conduit key the fulfiller's tokens move through (OpenSea's by default). */
  readonly fulfillerConduitKey?: Hex | undefined
  /** A listing's units to fill (`units_to_fill`): fewer than its units is a partial fill (`fulfillAdvancedOrder`). */
  readonly unitsToFill?: bigint | undefined
}

/** The book a fulfilment is built for: its chain, its Seaport and the conduit key fulfillers use by default. */
export interface FakeFillingBook {
  readonly chainId: number
  readonly seaport: Address
  readonly conduitKey: Hex
}

type FulfilFunction = "fulfillBasicOrder_efficient_6GL6yc" | "fulfillAdvancedOrder" | "fulfillAvailableAdvancedOrders"

const functionOf = (name: FulfilFunction) => toFunctionSignature(getAbiItem({ abi: seaportAbi, name }) as AbiFunction)

/** The basic order route of an order, or undefined when it cannot be filled as a basic order. */
const basicRoute = (order: FakeOrder): number | undefined => {
  const c = order.components
  if (c.zone !== zeroAddress || c.orderType > 1 || order.kind === "collection-offer") return undefined
  const [first, ...rest] = c.consideration
  if (first === undefined || first.recipient !== c.offerer) return undefined
  if (order.kind === "listing") {
    const nft = c.offer[0]!.itemType === ItemType.ERC721 ? 0 : 1
    if (!rest.every((item) => item.itemType === first.itemType && item.token === first.token)) return undefined
    return (first.itemType === ItemType.NATIVE ? 0 : 2) + nft
  }
  if (!rest.every((item) => item.itemType === ItemType.ERC20 && item.token === c.offer[0]!.token)) return undefined
  return 4 + (first.itemType === ItemType.ERC721 ? 0 : 1)
}

/** `fulfillBasicOrder_efficient_6GL6yc`'s `BasicOrderParameters` of an order on basic order route `route`. */
const basicOrderParameters = (order: FakeOrder, route: number, fulfillerConduitKey: Hex) => {
  const c = order.components
  const [first, ...additional] = c.consideration
  const offered = c.offer[0]!
  return {
    considerationToken: first!.token,
    considerationIdentifier: first!.identifierOrCriteria.toString(),
    considerationAmount: first!.startAmount.toString(),
    offerer: c.offerer,
    zone: c.zone,
    offerToken: offered.token,
    offerIdentifier: offered.identifierOrCriteria.toString(),
    offerAmount: offered.startAmount.toString(),
    basicOrderType: c.orderType + 4 * route,
    startTime: c.startTime.toString(),
    endTime: c.endTime.toString(),
    zoneHash: c.zoneHash,
    salt: c.salt.toString(),
    offererConduitKey: c.conduitKey,
    fulfillerConduitKey,
    totalOriginalAdditionalRecipients: additional.length,
    additionalRecipients: additional.map((item) => ({
      amount: item.startAmount.toString(),
      recipient: item.recipient,
    })),
    signature: order.signature,
  }
}

/** The native value a listing's fill pays: each native item times units/total, as Seaport's `_getFraction` moves it. */
const nativeValueOf = (order: FakeOrder, filled: bigint, units: bigint): bigint =>
  order.kind === "listing"
    ? order.components.consideration
        .filter((item) => item.itemType === ItemType.NATIVE)
        .reduce((s, i) => s + (i.startAmount * filled) / units, 0n)
    : 0n

/** The Seaport call that fills `order` for `request`: the basic call where allowed, else an advanced one. */
const fulfilCall = (
  book: FakeFillingBook,
  answer: number,
  order: FakeOrder,
  request: FakeFillRequest,
): { readonly name: FulfilFunction; readonly input: Record<string, unknown>; readonly value: bigint } => {
  const c = order.components
  const recipient = request.recipient ?? request.fulfiller
  const fulfillerConduitKey = request.fulfillerConduitKey ?? book.conduitKey
  const units = order.kind === "listing" ? c.offer[0]!.startAmount : 1n
  const filled = request.unitsToFill ?? units
  const value = nativeValueOf(order, filled, units)
  const route = filled === units ? basicRoute(order) : undefined
  const extraData =
    request.extraData ?? (c.zone === zeroAddress ? "0x" : keccak256(toHex(`zone:${order.hash}:${answer}`)))
  const criteriaResolvers =
    order.kind === "collection-offer"
      ? [{ orderIndex: "0", side: 1, index: "0", identifier: String(request.tokenId ?? 0n), criteriaProof: [] }]
      : []
  const fraction =
    filled === units ? { numerator: "1", denominator: "1" } : { numerator: String(filled), denominator: String(units) }
  const advancedOrder = { parameters: callParameters(c), ...fraction, signature: order.signature, extraData }
  if ((request.form ?? "basic") === "basic" && route !== undefined && recipient === request.fulfiller) {
    const parameters = basicOrderParameters(order, route, fulfillerConduitKey)
    return { name: "fulfillBasicOrder_efficient_6GL6yc", input: { parameters }, value }
  }
  if (request.form === "available") {
    const input = {
      orders: [advancedOrder],
      criteriaResolvers,
      offerFulfillments: c.offer.map((_, itemIndex) => [{ orderIndex: 0, itemIndex }]),
      considerationFulfillments: c.consideration.map((_, itemIndex) => [{ orderIndex: 0, itemIndex }]),
      fulfillerConduitKey,
      recipient,
      maximumFulfilled: "1",
    }
    return { name: "fulfillAvailableAdvancedOrders", input, value }
  }
  const input = { advancedOrder, criteriaResolvers, fulfillerConduitKey, recipient }
  return { name: "fulfillAdvancedOrder", input, value }
}

/**
 * The `fulfillment_data` answer that fills `order` for `request`, as OpenSea builds it: the basic call where the
 * order allows it and the request asks for it, else `fulfillAdvancedOrder` (or `fulfillAvailableAdvancedOrders`);
 * `answer` numbers the book's answers, so that each signed-zone answer carries fresh `extraData`.
 *
 * @example
 * const answer = fulfillmentAnswer({ chainId: 1, seaport, conduitKey }, 1, listing, { fulfiller: buyer })
 */
export const fulfillmentAnswer = (
  book: FakeFillingBook,
  answer: number,
  order: FakeOrder,
  request: FakeFillRequest,
): Record<string, unknown> => {
  const call = fulfilCall(book, answer, order, request)
  const transaction = {
    function: functionOf(call.name),
    chain: book.chainId,
    to: book.seaport,
    value: call.value.toString(),
    input_data: call.input,
  }
  return {
    protocol: "seaport1.6",
    fulfillment_data: {
      transaction,
      orders: [{ parameters: wireParameters(order.components), signature: order.signature }],
    },
  }
}

/**
 * A listing's `units_to_fill`, or why OpenSea refuses it: not a positive integer, more than the order's units, or
 * part of a full-fill order.
 */
export const unitsToFillOf = (order: FakeOrder, asked: Json): bigint | undefined | string => {
  if (asked === undefined || order.kind !== "listing") return undefined
  if (typeof asked !== "number" || !Number.isSafeInteger(asked) || asked < 1)
    return `units_to_fill ${JSON.stringify(asked)} is not a positive integer`
  const units = order.components.offer[0]!.startAmount
  if (BigInt(asked) > units) return `units_to_fill ${asked} is more than the ${units} unit(s) the order sells`
  if (BigInt(asked) < units && order.components.orderType % 2 === 0)
    return `Order ${order.hash} does not allow partial fills`
  return BigInt(asked)
}
