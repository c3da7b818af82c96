/**
 * Builds the Seaport call that fills an order, in the shape of OpenSea's `fulfillment_data.transaction`: the
 * function (its full signature, alias suffix included), `to`, `value` and `input_data` (the call's arguments by
 * name). A whole open listing or item offer paid in one currency is a basic order
 * (`fulfillBasicOrder_efficient_6GL6yc`); any other offer (a signed-zone one, a collection offer) is matched against
 * a mirror order of the seller (`matchAdvancedOrders`), so the fees come out of the offer and the seller needs no
 * ERC-20; anything else is `fulfillAdvancedOrder`. A signed-zone order is never a basic order: its fill carries the
 * zone's `extraData`. Every uint in `input_data` is a decimal string, as OpenSea's recorded answers write amounts.
 */
import { type Address, getAbiItem, type Hex, toFunctionSignature, toHex, zeroAddress, zeroHash } from "viem"
import { seaportAbi } from "../artifacts/seaport/index.js"
import type { OpenSeaOrder } from "./book.js"
import { type ConsiderationItem, ItemType, type OfferItem, type OrderComponents } from "./seaport.js"

/** A uint of `input_data`: a decimal string. */
const dec = (value: bigint | number): string => value.toString()

/** An item of `input_data`, every uint a decimal string. */
const inputItem = (i: OfferItem | ConsiderationItem): Record<string, unknown> => ({
  itemType: dec(i.itemType),
  token: i.token,
  identifierOrCriteria: dec(i.identifierOrCriteria),
  startAmount: dec(i.startAmount),
  endAmount: dec(i.endAmount),
  ...("recipient" in i ? { recipient: i.recipient } : {}),
})

/** What the caller asked to fill, beyond the order itself. */
export interface FillRequest {
  readonly fulfiller: Address
  /** Receives the NFT (listing) or the payment (offer); the fulfiller by default. */
  readonly recipient: Address
  /** The token sold into a collection offer, and its contract when the caller named it (`consideration`). */
  readonly tokenId: bigint | undefined
  readonly contract: Address | undefined
  /** Units to fill; the whole order by default. */
  readonly units: bigint | undefined
}

/** OpenSea's `TransactionData`. */
export interface FulfillmentTransaction {
  readonly function: string
  readonly chain: number
  readonly to: Address
  /** Wei to send: a decimal string, or a JSON number (as some recorded OpenSea answers have it) when asked and exact. */
  readonly value: string | number
  readonly value_hex: Hex
  readonly input_data: Record<string, unknown>
}

const signatureOf = (name: "fulfillBasicOrder_efficient_6GL6yc" | "fulfillAdvancedOrder" | "matchAdvancedOrders") =>
  toFunctionSignature(getAbiItem({ abi: seaportAbi, name }) as Parameters<typeof toFunctionSignature>[0])

const sameAmounts = (items: ReadonlyArray<OfferItem>) => items.every((i) => i.startAmount === i.endAmount)

/** Seaport's basic order route of an order, or undefined when it cannot be filled as a basic order. */
function basicRoute(order: OpenSeaOrder): number | undefined {
  const { offer, consideration, offerer, orderType, zone } = order.components
  if (!sameAmounts(offer) || !sameAmounts(consideration) || zone !== zeroAddress || orderType > 1) return undefined
  const [first, ...rest] = consideration
  if (first === undefined || first.recipient !== offerer) return undefined
  const nftKind = (item: OfferItem) =>
    item.itemType === ItemType.ERC721 ? 0 : item.itemType === ItemType.ERC1155 ? 1 : undefined
  if (order.kind === "listing") {
    const nft = nftKind(offer[0]!)
    const currency = first.itemType
    if (nft === undefined || (currency !== ItemType.NATIVE && currency !== ItemType.ERC20)) return undefined
    if (
      !consideration.every((i) => i.itemType === currency && i.token === first.token && i.identifierOrCriteria === 0n)
    )
      return undefined
    return (currency === ItemType.NATIVE ? 0 : 2) + nft
  }
  if (order.kind === "item-offer") {
    const nft = nftKind(first)
    const payment = offer[0]!
    if (nft === undefined || !rest.every((i) => i.itemType === ItemType.ERC20 && i.token === payment.token))
      return undefined
    return 4 + nft
  }
  return undefined
}

/** The parameters of an order as `OrderParameters` on the wire (the components without the counter, plus the item count). */
function wireParameters(c: OrderComponents): Record<string, unknown> {
  return {
    offerer: c.offerer,
    zone: c.zone,
    offer: c.offer.map(inputItem),
    consideration: c.consideration.map(inputItem),
    orderType: dec(c.orderType),
    startTime: dec(c.startTime),
    endTime: dec(c.endTime),
    zoneHash: c.zoneHash,
    salt: dec(c.salt),
    conduitKey: c.conduitKey,
    totalOriginalConsiderationItems: dec(c.consideration.length),
  }
}

const advancedOrder = (c: OrderComponents, signature: Hex, numerator: bigint, denominator: bigint, extraData: Hex) => ({
  parameters: wireParameters(c),
  numerator: dec(numerator),
  denominator: dec(denominator),
  signature,
  extraData,
})

/** Sum of the native items a fulfiller pays, scaled to the filled fraction. */
const nativeValue = (items: ReadonlyArray<ConsiderationItem>, numerator: bigint, denominator: bigint) =>
  items
    .filter((i) => i.itemType === ItemType.NATIVE)
    .reduce((sum, i) => sum + (i.startAmount * numerator) / denominator, 0n)

/** How one fulfilment answer is written. */
export interface AnswerStyle {
  /** The fulfiller's conduit key: OpenSea's conduit, or zero for Seaport itself (then the fulfiller approves Seaport). */
  readonly conduitKey: Hex
  /** The order's `extraData`: the signed zone's for a signed-zone order, else "0x". */
  readonly extraData: Hex
  /** Write `value` as a JSON number when it is a safe integer. */
  readonly valueAsNumber: boolean
  /** The proof of the token sold against a trait offer's criteria root (none for a collection offer's root 0). */
  readonly criteriaProof: ReadonlyArray<Hex>
}

/** The Seaport call that fills `order` for `request` on `seaport`, written in `style`. */
export function buildFulfillment(
  order: OpenSeaOrder,
  request: FillRequest,
  seaport: Address,
  style: AnswerStyle,
): FulfillmentTransaction {
  const { conduitKey, extraData, valueAsNumber, criteriaProof } = style
  const c = order.components
  const transaction = (
    name: Parameters<typeof signatureOf>[0],
    value: bigint,
    input: Record<string, unknown>,
  ): FulfillmentTransaction => ({
    function: signatureOf(name),
    chain: order.chainId,
    to: seaport,
    value: valueAsNumber && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString(),
    value_hex: toHex(value),
    input_data: input,
  })
  const route = basicRoute(order)
  const whole =
    request.units === undefined ||
    request.units === (order.kind === "listing" ? c.offer[0]!.startAmount : c.consideration[0]!.startAmount)
  if (route !== undefined && whole && request.recipient === request.fulfiller) {
    const [first, ...additional] = c.consideration
    const offered = c.offer[0]!
    return transaction("fulfillBasicOrder_efficient_6GL6yc", order.kind === "listing" && route < 2 ? order.price : 0n, {
      parameters: {
        considerationToken: first!.token,
        considerationIdentifier: dec(first!.identifierOrCriteria),
        considerationAmount: dec(first!.startAmount),
        offerer: c.offerer,
        zone: c.zone,
        offerToken: offered.token,
        offerIdentifier: dec(offered.identifierOrCriteria),
        offerAmount: dec(offered.startAmount),
        basicOrderType: dec(c.orderType + 4 * route),
        startTime: dec(c.startTime),
        endTime: dec(c.endTime),
        zoneHash: c.zoneHash,
        salt: dec(c.salt),
        offererConduitKey: c.conduitKey,
        fulfillerConduitKey: conduitKey,
        totalOriginalAdditionalRecipients: dec(additional.length),
        additionalRecipients: additional.map((item) => ({ amount: dec(item.startAmount), recipient: item.recipient })),
        signature: order.signature,
      },
    })
  }
  if (order.kind !== "listing") {
    const wanted = c.consideration[0]!
    const criteria = order.kind === "collection-offer"
    const tokenId = criteria ? request.tokenId : wanted.identifierOrCriteria
    if (tokenId === undefined) throw new Error("a collection offer needs the token to sell")
    const payment = c.offer[0]!
    const fees = c.consideration.slice(1).reduce((sum, item) => sum + item.startAmount, 0n)
    // The seller's own order (no signature: Seaport accepts an order whose offerer is the caller): the token for
    // the offer minus the fees, paid to the recipient.
    const mirror: OrderComponents = {
      offerer: request.fulfiller,
      zone: zeroAddress,
      offer: [
        {
          itemType:
            wanted.itemType === ItemType.ERC721_WITH_CRITERIA || wanted.itemType === ItemType.ERC721
              ? ItemType.ERC721
              : ItemType.ERC1155,
          token: wanted.token,
          identifierOrCriteria: tokenId,
          startAmount: wanted.startAmount,
          endAmount: wanted.endAmount,
        },
      ],
      consideration: [
        {
          ...payment,
          startAmount: payment.startAmount - fees,
          endAmount: payment.endAmount - fees,
          recipient: request.recipient,
        },
      ],
      orderType: 0,
      startTime: 0n,
      endTime: c.endTime,
      zoneHash: zeroHash,
      salt: 0n,
      conduitKey,
      counter: 0n,
    }
    const component = (orderIndex: number, itemIndex: number) => ({
      orderIndex: dec(orderIndex),
      itemIndex: dec(itemIndex),
    })
    return transaction("matchAdvancedOrders", 0n, {
      orders: [advancedOrder(c, order.signature, 1n, 1n, extraData), advancedOrder(mirror, "0x", 1n, 1n, "0x")],
      criteriaResolvers: criteria
        ? [{ orderIndex: "0", side: "1", index: "0", identifier: dec(tokenId), criteriaProof }]
        : [],
      fulfillments: [
        { offerComponents: [component(1, 0)], considerationComponents: [component(0, 0)] },
        ...c.consideration
          .slice(1)
          .map((_, i) => ({ offerComponents: [component(0, 0)], considerationComponents: [component(0, i + 1)] })),
        { offerComponents: [component(0, 0)], considerationComponents: [component(1, 0)] },
      ],
      recipient: request.recipient,
    })
  }
  const total = order.kind === "listing" ? c.offer[0]!.startAmount : c.consideration[0]!.startAmount
  const numerator = request.units ?? total
  return transaction("fulfillAdvancedOrder", nativeValue(c.consideration, numerator, total), {
    advancedOrder: advancedOrder(c, order.signature, numerator, total, extraData),
    criteriaResolvers: [],
    fulfillerConduitKey: conduitKey,
    recipient: request.recipient,
  })
}
