import { getAddress, type Hex } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { ConsiderationItem, OfferItem, OrderComponents, OrderParameters } from "../seaport/SeaportOrder.js"
import { OrderParametersAnswer } from "./answers.js"
import { decodeWireSync } from "./decode.js"
import { bigIntOf } from "./orderOf.js"

const hexOf = (value: string, field: string): Hex => {
  if (/^0x[0-9a-fA-F]*$/.test(value)) return value as Hex
  throw OpenSeaError.unreadable(`OpenSea sent ${JSON.stringify(value)} as ${field}, which is not hex`)
}

type ItemAnswer = OrderParametersAnswer["offer"][number]

const itemOf = (item: ItemAnswer, field: string): OfferItem => ({
  itemType: Number(bigIntOf(item.itemType, `${field}.itemType`)),
  token: getAddress(item.token),
  identifierOrCriteria: bigIntOf(item.identifierOrCriteria, `${field}.identifierOrCriteria`),
  startAmount: bigIntOf(item.startAmount, `${field}.startAmount`),
  endAmount: bigIntOf(item.endAmount, `${field}.endAmount`),
})

/** The fields every order carries, as Seaport reads them. */
const fieldsOf = (json: OrderParametersAnswer) => ({
  offerer: getAddress(json.offerer),
  zone: getAddress(json.zone),
  offer: json.offer.map((item, index) => itemOf(item, `offer[${index}]`)),
  consideration: json.consideration.map(
    (item, index): ConsiderationItem => ({
      ...itemOf(item, `consideration[${index}]`),
      recipient: getAddress(item.recipient),
    }),
  ),
  orderType: Number(bigIntOf(json.orderType, "orderType")),
  startTime: bigIntOf(json.startTime, "startTime"),
  endTime: bigIntOf(json.endTime, "endTime"),
  zoneHash: hexOf(json.zoneHash, "zoneHash"),
  salt: bigIntOf(json.salt, "salt"),
  conduitKey: hexOf(json.conduitKey, "conduitKey"),
})

/**
 * An order's `protocol_data.parameters` as OpenSea writes them (numbers as decimal strings, JSON numbers or hex),
 * as Seaport's typed parameters; the consideration items all signed unless `totalOriginalConsiderationItems` says less.
 */
export const parametersOf = (json: OrderParametersAnswer): OrderParameters => {
  const fields = fieldsOf(json)
  const total = json.totalOriginalConsiderationItems
  return {
    ...fields,
    totalOriginalConsiderationItems:
      total === undefined ? BigInt(fields.consideration.length) : bigIntOf(total, "totalOriginalConsiderationItems"),
  }
}

const decodeParameters = decodeWireSync(OrderParametersAnswer, "an order to sign")

/** The `OrderComponents` of an order's typed data (what the wallet is asked to sign), decoded with its schema. */
export const componentsOf = (value: unknown): OrderComponents => {
  const json = decodeParameters(value)
  return { ...fieldsOf(json), counter: bigIntOf(json.counter, "counter") }
}
