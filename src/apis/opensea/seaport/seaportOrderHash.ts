import { type Hex, hashStruct } from "viem"
import { ORDER_COMPONENTS_TYPES } from "./eip712Types.js"
import type { OrderComponents, OrderParameters } from "./SeaportOrder.js"

/**
 * Seaport's order hash: the EIP-712 struct hash of `OrderComponents` (no domain: the same order has the same hash
 * on every chain), as Seaport's `getOrderHash` answers it and as OpenSea names orders.
 */
export const seaportOrderHash = (components: OrderComponents): Hex =>
  hashStruct({
    types: ORDER_COMPONENTS_TYPES,
    primaryType: "OrderComponents",
    data: {
      offerer: components.offerer,
      zone: components.zone,
      offer: components.offer,
      consideration: components.consideration,
      orderType: components.orderType,
      startTime: components.startTime,
      endTime: components.endTime,
      zoneHash: components.zoneHash,
      salt: components.salt,
      conduitKey: components.conduitKey,
      counter: components.counter,
    },
  })

/**
 * The hash of the order a fulfilment carries, at the offerer's `counter`: as Seaport derives it, over the signed
 * consideration items only (`totalOriginalConsiderationItems`; later ones are the fulfiller's tips).
 */
export const orderHashOf = (parameters: OrderParameters, counter: bigint): Hex =>
  seaportOrderHash({
    ...parameters,
    consideration: parameters.consideration.slice(0, Number(parameters.totalOriginalConsiderationItems)),
    counter,
  })
