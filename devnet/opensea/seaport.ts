/**
 * Seaport 1.6 orders as the devnet handles them: the `OrderComponents` struct with bigints, its EIP-712 domain
 * and types (what makers sign), the order hash (Seaport's `getOrderHash`), and reading an order from the wire,
 * where numbers come as JSON numbers, decimal strings or hex.
 */
import { type Address, getAddress, type Hex, hashStruct, isAddress, isHex, type TypedDataDomain } from "viem"

/** Seaport's item types. `*_WITH_CRITERIA` items name a merkle root (0 = any token of the contract). */
export const ItemType = {
  NATIVE: 0,
  ERC20: 1,
  ERC721: 2,
  ERC1155: 3,
  ERC721_WITH_CRITERIA: 4,
  ERC1155_WITH_CRITERIA: 5,
} as const

/** Seaport's order types: full or partial fills, open or restricted to a zone. */
export const OrderType = {
  FULL_OPEN: 0,
  PARTIAL_OPEN: 1,
  FULL_RESTRICTED: 2,
  PARTIAL_RESTRICTED: 3,
  CONTRACT: 4,
} as const

/** An offer item: what the offerer gives. */
export interface OfferItem {
  readonly itemType: number
  readonly token: Address
  readonly identifierOrCriteria: bigint
  readonly startAmount: bigint
  readonly endAmount: bigint
}

/** A consideration item: what someone (`recipient`) receives. */
export interface ConsiderationItem extends OfferItem {
  readonly recipient: Address
}

/** Seaport's `OrderComponents`: what a maker signs (the order parameters with the counter instead of the item count). */
export interface OrderComponents {
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
  readonly counter: bigint
}

/** The EIP-712 types of a Seaport order, as Seaport's `_deriveTypehashes` spells them. */
export const orderTypes = {
  OrderComponents: [
    { name: "offerer", type: "address" },
    { name: "zone", type: "address" },
    { name: "offer", type: "OfferItem[]" },
    { name: "consideration", type: "ConsiderationItem[]" },
    { name: "orderType", type: "uint8" },
    { name: "startTime", type: "uint256" },
    { name: "endTime", type: "uint256" },
    { name: "zoneHash", type: "bytes32" },
    { name: "salt", type: "uint256" },
    { name: "conduitKey", type: "bytes32" },
    { name: "counter", type: "uint256" },
  ],
  OfferItem: [
    { name: "itemType", type: "uint8" },
    { name: "token", type: "address" },
    { name: "identifierOrCriteria", type: "uint256" },
    { name: "startAmount", type: "uint256" },
    { name: "endAmount", type: "uint256" },
  ],
  ConsiderationItem: [
    { name: "itemType", type: "uint8" },
    { name: "token", type: "address" },
    { name: "identifierOrCriteria", type: "uint256" },
    { name: "startAmount", type: "uint256" },
    { name: "endAmount", type: "uint256" },
    { name: "recipient", type: "address" },
  ],
} as const

/** The EIP-712 type of an off-chain cancel request (`offererSignature` of the cancel route). */
export const orderHashTypes = { OrderHash: [{ name: "orderHash", type: "bytes32" }] } as const

/** Seaport 1.6's EIP-712 domain on a chain. */
export function seaportDomain(chainId: number, seaport: Address): TypedDataDomain {
  return { name: "Seaport", version: "1.6", chainId, verifyingContract: seaport }
}

/** The order hash: the EIP-712 struct hash of the components, equal to Seaport's `getOrderHash`. */
export function orderHash(components: OrderComponents): Hex {
  return hashStruct({ data: components, primaryType: "OrderComponents", types: orderTypes })
}

/** A wire value that is not what it should be; the routes answer it as a 400. */
export class WireError extends Error {}

/** A uint from the wire: a JSON number (a safe integer), a decimal string or a 0x-hex string. */
export function readUint(value: unknown, field: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === "string" && (/^\d+$/.test(value) || /^0x[0-9a-fA-F]+$/.test(value))) return BigInt(value)
  throw new WireError(
    `${field} must be a non-negative integer (a JSON number, a decimal string or hex), got ${JSON.stringify(value)}`,
  )
}

/** An address from the wire, checksummed. */
export function readAddress(value: unknown, field: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw new WireError(`${field} must be an address, got ${JSON.stringify(value)}`)
  return getAddress(value)
}

/** A 32-byte hex value from the wire. */
export function readBytes32(value: unknown, field: string): Hex {
  if (typeof value !== "string" || !isHex(value) || value.length !== 66)
    throw new WireError(`${field} must be 32 bytes of hex, got ${JSON.stringify(value)}`)
  return value.toLowerCase() as Hex
}

const record = (value: unknown, field: string): Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new WireError(`${field} must be an object`)
  return value as Record<string, unknown>
}

const list = (value: unknown, field: string): ReadonlyArray<unknown> => {
  if (!Array.isArray(value)) throw new WireError(`${field} must be an array`)
  return value
}

function readOfferItem(value: unknown, field: string): OfferItem {
  const item = record(value, field)
  return {
    itemType: Number(readUint(item.itemType, `${field}.itemType`)),
    token: readAddress(item.token, `${field}.token`),
    identifierOrCriteria: readUint(item.identifierOrCriteria, `${field}.identifierOrCriteria`),
    startAmount: readUint(item.startAmount, `${field}.startAmount`),
    endAmount: readUint(item.endAmount, `${field}.endAmount`),
  }
}

/** Reads the spec's `SeaportParameters` (the signed components, with `counter`) from a request body. */
export function readOrderComponents(value: unknown, field = "parameters"): OrderComponents {
  const p = record(value, field)
  return {
    offerer: readAddress(p.offerer, `${field}.offerer`),
    zone: p.zone === undefined ? "0x0000000000000000000000000000000000000000" : readAddress(p.zone, `${field}.zone`),
    offer: list(p.offer, `${field}.offer`).map((item, i) => readOfferItem(item, `${field}.offer[${i}]`)),
    consideration: list(p.consideration, `${field}.consideration`).map((item, i) => ({
      ...readOfferItem(item, `${field}.consideration[${i}]`),
      recipient: readAddress(
        record(item, `${field}.consideration[${i}]`).recipient,
        `${field}.consideration[${i}].recipient`,
      ),
    })),
    orderType: Number(readUint(p.orderType, `${field}.orderType`)),
    startTime: readUint(p.startTime, `${field}.startTime`),
    endTime: readUint(p.endTime, `${field}.endTime`),
    zoneHash: readBytes32(p.zoneHash, `${field}.zoneHash`),
    salt: readUint(p.salt, `${field}.salt`),
    conduitKey: readBytes32(p.conduitKey, `${field}.conduitKey`),
    counter: readUint(p.counter, `${field}.counter`),
  }
}
