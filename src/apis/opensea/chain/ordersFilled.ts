import * as Effect from "effect/Effect"
import type { Address, Hex } from "viem"
import type { StepItem } from "../../../schema/Step.js"
import type { OpenSeaError } from "../book/OpenSeaError.js"
import type { ChainReads } from "./chainReads.js"

/**
 * Whether Seaport says every order of the item is cancelled or wholly filled (`totalFilled == totalSize`, of a size
 * it knows): then no transaction of the item can fill anything any more. The chain's word, never OpenSea's API's.
 * An item naming no order is not known to be filled.
 */
export const ordersFilled = (
  reads: ChainReads,
  seaport: Address,
  item: StepItem,
): Effect.Effect<boolean, OpenSeaError> =>
  Effect.gen(function* () {
    const orders = item.orderIds ?? []
    if (orders.length === 0) return false
    const statuses = yield* Effect.forEach(orders, (order) => reads.orderStatusOf(seaport, order as Hex))
    return statuses.every(
      (status) => status.isCancelled || (status.totalSize > 0n && status.totalFilled === status.totalSize),
    )
  })
