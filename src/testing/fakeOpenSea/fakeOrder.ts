import { type Address, getAddress, type Hex, toHex, zeroAddress, zeroHash } from "viem"

/** A request body as the fake reads it, field by field: the fake refuses what OpenSea refuses, as OpenSea would. */
// biome-ignore lint/suspicious/noExplicitAny: a client's request is read loosely, as a server reads JSON.
export type Json = any

/** A Seaport item with bigints; `recipient` on consideration items. */
export interface FakeItem {
  readonly itemType: number
  readonly token: Address
  readonly identifierOrCriteria: bigint
  readonly startAmount: bigint
  readonly endAmount: bigint
  readonly recipient?: Address
}

/** Seaport 1.6's `OrderComponents`, what a maker signs. */
export interface FakeOrderComponents {
  readonly offerer: Address
  readonly zone: Address
  readonly offer: ReadonlyArray<FakeItem>
  readonly consideration: ReadonlyArray<FakeItem>
  readonly orderType: number
  readonly startTime: bigint
  readonly endTime: bigint
  readonly zoneHash: Hex
  readonly salt: bigint
  readonly conduitKey: Hex
  readonly counter: bigint
}

/** An order the fake OpenSea holds: signed for real by its maker, its hash Seaport's `getOrderHash`. */
export interface FakeOrder {
  readonly hash: Hex
  readonly kind: "listing" | "item-offer" | "collection-offer"
  readonly components: FakeOrderComponents
  readonly signature: Hex
  readonly contract: Address
  /** The token, unless a collection offer. */
  readonly tokenId: bigint | undefined
  /** What a buyer pays (a listing) or what the offer offers. */
  readonly price: bigint
  readonly currency: Address
  /** The price as OpenSea states it (`price.current` / `price`): its symbol and decimals. */
  readonly symbol: string
  readonly decimals: number
  cancelled: boolean
}

/** An item on the wire: amounts and identifiers as decimal strings. */
export const wireItem = (item: FakeItem) => ({
  itemType: item.itemType,
  token: item.token,
  identifierOrCriteria: item.identifierOrCriteria.toString(),
  startAmount: item.startAmount.toString(),
  endAmount: item.endAmount.toString(),
  ...(item.recipient !== undefined ? { recipient: item.recipient } : {}),
})

/** The spec's `ProtocolData.parameters` of signed components (salt in hex, as OpenSea serves its own). */
export const wireParameters = (c: FakeOrderComponents) => ({
  offerer: c.offerer,
  offer: c.offer.map(wireItem),
  consideration: c.consideration.map(wireItem),
  startTime: c.startTime.toString(),
  endTime: c.endTime.toString(),
  orderType: c.orderType,
  zone: c.zone,
  zoneHash: c.zoneHash,
  salt: toHex(c.salt),
  conduitKey: c.conduitKey,
  totalOriginalConsiderationItems: c.consideration.length,
  counter: c.counter.toString(),
})

/** `OrderParameters` as Seaport's fulfil calls take them (no counter). */
export const callParameters = (c: FakeOrderComponents) => {
  const { counter: _counter, ...rest } = wireParameters(c)
  return { ...rest, salt: c.salt.toString() }
}

/** Reads a uint of a posted body (decimal, hex or a JSON number). */
const uintOf = (value: unknown): bigint => BigInt(value as string)

/** Components from a posted `parameters`. */
export const componentsOf = (p: Record<string, Json>): FakeOrderComponents => {
  const item = (entry: Record<string, Json>): FakeItem => ({
    itemType: Number(entry.itemType),
    token: getAddress(entry.token),
    identifierOrCriteria: uintOf(entry.identifierOrCriteria),
    startAmount: uintOf(entry.startAmount),
    endAmount: uintOf(entry.endAmount),
    ...(entry.recipient !== undefined ? { recipient: getAddress(entry.recipient) } : {}),
  })
  return {
    offerer: getAddress(p.offerer),
    zone: getAddress(p.zone ?? zeroAddress),
    offer: (p.offer ?? []).map(item),
    consideration: (p.consideration ?? []).map(item),
    orderType: Number(p.orderType),
    startTime: uintOf(p.startTime),
    endTime: uintOf(p.endTime),
    zoneHash: p.zoneHash ?? zeroHash,
    salt: uintOf(p.salt),
    conduitKey: p.conduitKey,
    counter: uintOf(p.counter ?? 0),
  }
}
