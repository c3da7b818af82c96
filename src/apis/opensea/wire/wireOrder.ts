import * as Result from "effect/Result"
import { getAddress, type Hex } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { ConsiderationItem, OfferItem, OrderComponents, OrderParameters } from "../seaport/SeaportOrder.js"
import { OrderParametersAnswer } from "./answers.js"
import { decodeWireSync } from "./decode.js"
import { bigIntOf } from "./orderOf.js"

const hexOf = (value: string, field: string): Result.Result<Hex, OpenSeaError> =>
  /^0x[0-9a-fA-F]*$/.test(value)
    ? Result.succeed(value as Hex)
    : Result.fail(OpenSeaError.unreadable(`OpenSea sent ${JSON.stringify(value)} as ${field}, which is not hex`))

type ItemAnswer = OrderParametersAnswer["offer"][number]

const itemOf = (item: ItemAnswer, field: string): Result.Result<OfferItem, OpenSeaError> =>
  Result.gen(function* () {
    return {
      itemType: Number(yield* bigIntOf(item.itemType, `${field}.itemType`)),
      token: getAddress(item.token),
      identifierOrCriteria: yield* bigIntOf(item.identifierOrCriteria, `${field}.identifierOrCriteria`),
      startAmount: yield* bigIntOf(item.startAmount, `${field}.startAmount`),
      endAmount: yield* bigIntOf(item.endAmount, `${field}.endAmount`),
    }
  })

/** The fields every order carries, as Seaport reads them. */
const fieldsOf = (json: OrderParametersAnswer) =>
  Result.gen(function* () {
    return {
      offerer: getAddress(json.offerer),
      zone: getAddress(json.zone),
      offer: yield* Result.all(json.offer.map((item, index) => itemOf(item, `offer[${index}]`))),
      consideration: yield* Result.all(
        json.consideration.map((item, index) =>
          Result.map(
            itemOf(item, `consideration[${index}]`),
            (offered): ConsiderationItem => ({ ...offered, recipient: getAddress(item.recipient) }),
          ),
        ),
      ),
      orderType: Number(yield* bigIntOf(json.orderType, "orderType")),
      startTime: yield* bigIntOf(json.startTime, "startTime"),
      endTime: yield* bigIntOf(json.endTime, "endTime"),
      zoneHash: yield* hexOf(json.zoneHash, "zoneHash"),
      salt: yield* bigIntOf(json.salt, "salt"),
      conduitKey: yield* hexOf(json.conduitKey, "conduitKey"),
    }
  })

/**
 * An order's `protocol_data.parameters` as OpenSea writes them (numbers as decimal strings, JSON numbers or hex),
 * as Seaport's typed parameters; the consideration items all signed unless `totalOriginalConsiderationItems` says less.
 */
export const parametersOf = (json: OrderParametersAnswer): Result.Result<OrderParameters, OpenSeaError> =>
  Result.gen(function* () {
    const fields = yield* fieldsOf(json)
    const total = json.totalOriginalConsiderationItems
    return {
      ...fields,
      totalOriginalConsiderationItems:
        total === undefined
          ? BigInt(fields.consideration.length)
          : yield* bigIntOf(total, "totalOriginalConsiderationItems"),
    }
  })

const decodeParameters = decodeWireSync(OrderParametersAnswer, "an order to sign")

/** The `OrderComponents` of an order's typed data (what the wallet is asked to sign), decoded with its schema. */
export const componentsOf = (value: unknown): Result.Result<OrderComponents, OpenSeaError> =>
  Result.gen(function* () {
    const json = yield* decodeParameters(value)
    return { ...(yield* fieldsOf(json)), counter: yield* bigIntOf(json.counter, "counter") }
  })
