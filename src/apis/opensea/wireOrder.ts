import { getAddress, type Hex } from "viem"
import type { Json } from "./Json.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import { bigIntOf } from "./orderOf.js"
import type { ConsiderationItem, OfferItem, OrderComponents, OrderParameters } from "./seaport/SeaportOrder.js"
import type { OrderParametersAnswer } from "./wire/answers.js"

const hexOf = (value: unknown, field: string): Hex => {
  if (typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value)) return value as Hex
  throw new OpenSeaFailure(502, `OpenSea sent ${JSON.stringify(value)} as ${field}, which is not hex`)
}

const itemOf = (json: Json, field: string): OfferItem => ({
  itemType: Number(bigIntOf(json?.itemType, `${field}.itemType`)),
  token: getAddress(json?.token),
  identifierOrCriteria: bigIntOf(json?.identifierOrCriteria, `${field}.identifierOrCriteria`),
  startAmount: bigIntOf(json?.startAmount, `${field}.startAmount`),
  endAmount: bigIntOf(json?.endAmount, `${field}.endAmount`),
})

const listOf = (value: unknown, field: string): ReadonlyArray<Json> => {
  if (Array.isArray(value)) return value
  throw new OpenSeaFailure(502, `OpenSea's order has no list at ${field}`)
}

/** The fields every order carries, as Seaport reads them. */
const fieldsOf = (json: Json) => ({
  offerer: getAddress(json?.offerer),
  zone: getAddress(json?.zone),
  offer: listOf(json?.offer, "offer").map((item, index) => itemOf(item, `offer[${index}]`)),
  consideration: listOf(json?.consideration, "consideration").map(
    (item, index): ConsiderationItem => ({ ...itemOf(item, `consideration[${index}]`), recipient: getAddress(item?.recipient) }),
  ),
  orderType: Number(bigIntOf(json?.orderType, "orderType")),
  startTime: bigIntOf(json?.startTime, "startTime"),
  endTime: bigIntOf(json?.endTime, "endTime"),
  zoneHash: hexOf(json?.zoneHash, "zoneHash"),
  salt: bigIntOf(json?.salt, "salt"),
  conduitKey: hexOf(json?.conduitKey, "conduitKey"),
})

/**
 * An order's `protocol_data.parameters` as OpenSea writes them (numbers as decimal strings, JSON numbers or hex),
 * as Seaport's typed parameters; the consideration items all signed unless `totalOriginalConsiderationItems` says less.
 */
export const parametersOf = (json: OrderParametersAnswer): OrderParameters => {
  const fields = fieldsOf(json)
  const total = json?.totalOriginalConsiderationItems
  return {
    ...fields,
    totalOriginalConsiderationItems: total === undefined ? BigInt(fields.consideration.length) : bigIntOf(total, "totalOriginalConsiderationItems"),
  }
}

/** The `OrderComponents` of a signature item's typed data (what the wallet is asked to sign). */
export const componentsOf = (json: Json): OrderComponents => ({ ...fieldsOf(json), counter: bigIntOf(json?.counter, "counter") })
