import type { Address, Hex } from "viem"

/** Seaport's item types. */
export const ItemType = {
  NATIVE: 0,
  ERC20: 1,
  ERC721: 2,
  ERC1155: 3,
  ERC721_WITH_CRITERIA: 4,
  ERC1155_WITH_CRITERIA: 5,
} as const

/** Seaport's order types: open or restricted (the zone must authorise each fill), full or partial fills, contract. */
export const OrderType = {
  FULL_OPEN: 0,
  PARTIAL_OPEN: 1,
  FULL_RESTRICTED: 2,
  PARTIAL_RESTRICTED: 3,
  CONTRACT: 4,
} as const

/** An item an order offers. */
export interface OfferItem {
  readonly itemType: number
  readonly token: Address
  readonly identifierOrCriteria: bigint
  readonly startAmount: bigint
  readonly endAmount: bigint
}

/** An item an order asks for, and who receives it. */
export interface ConsiderationItem extends OfferItem {
  readonly recipient: Address
}

/** The fields an order's offerer signs, but the counter. */
interface OrderFields {
  readonly offerer: Address
  readonly zone: Address
  readonly offer: ReadonlyArray<OfferItem>
  readonly consideration: ReadonlyArray<ConsiderationItem>
  readonly orderType: number
  readonly startTime: bigint
  readonly endTime: bigint
  readonly zoneHash: Hex
  readonly salt: bigint
  readonly conduitKey: Hex
}

/**
 * An order as a fulfilment carries it: the signed fields, without the counter (Seaport reads the offerer's current
 * one), and how many consideration items were signed — any after them are tips the fulfiller adds.
 */
export interface OrderParameters extends OrderFields {
  readonly totalOriginalConsiderationItems: bigint
}

/** An order as its offerer signs it (EIP-712 `OrderComponents`) and as `cancel` takes it: with the counter. */
export interface OrderComponents extends OrderFields {
  readonly counter: bigint
}

/**
 * An order in a fulfilment: its parameters, the fraction to fill, the offerer's signature and the zone's extra data.
 */
export interface AdvancedOrder {
  readonly parameters: OrderParameters
  readonly numerator: bigint
  readonly denominator: bigint
  readonly signature: Hex
  readonly extraData: Hex
}

/** Which token fills a criteria item: `side` 0 is an offer item, 1 a consideration item. */
export interface CriteriaResolver {
  readonly orderIndex: bigint
  readonly side: number
  readonly index: bigint
  readonly identifier: bigint
  readonly criteriaProof: ReadonlyArray<Hex>
}

/** Whether an item is a currency (native or ERC-20) rather than a token. */
export const isCurrencyItem = (item: { readonly itemType: number }): boolean =>
  item.itemType === ItemType.NATIVE || item.itemType === ItemType.ERC20

/** Whether an item names its token by a criteria (a merkle root, or 0 for any token of the contract). */
export const isCriteriaItem = (item: { readonly itemType: number }): boolean =>
  item.itemType === ItemType.ERC721_WITH_CRITERIA || item.itemType === ItemType.ERC1155_WITH_CRITERIA

/**
 * Whether two addresses are the same, in any letter case. Unlike viem's `isAddressEqual` it never throws: an address
 * a book sent malformed is simply not the expected one.
 */
export const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()
