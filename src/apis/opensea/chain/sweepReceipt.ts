import * as Effect from "effect/Effect"
import { type Address, type Hex, parseAbi, parseEventLogs } from "viem"
import type { ExecuteError } from "../../../schema/ExecuteResponse.js"
import type { StepItem } from "../../../schema/Step.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { sameAddress } from "../seaport/SeaportOrder.js"
import type { ChainReads } from "./chainReads.js"

const orderFulfilled = parseAbi([
  "event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)",
])

/**
 * The orders of a sweep that its mined transactions did not fill: Seaport's `fulfillAvailableAdvancedOrders` skips
 * an order filled or cancelled since the plan (and takes no payment for it) instead of reverting, and logs
 * `OrderFulfilled` for each order it fills. Each order of the item (`orderIds`) that the chain's Seaport logged no
 * fill for is reported as the Reservoir protocol reports an order it left out of a buy. An item of one order has
 * nothing to report: its fill reverts when the order is gone.
 */
export const unfilledOrders = (
  reads: ChainReads,
  seaport: Address,
  item: StepItem,
  hashes: ReadonlyArray<Hex>,
): Effect.Effect<ReadonlyArray<ExecuteError>, OpenSeaError> =>
  Effect.gen(function* () {
    const orders = item.orderIds ?? []
    if (orders.length < 2) return []
    const filled = new Set<string>()
    for (const hash of hashes) {
      const receipt = yield* reads.receipt(hash)
      if (receipt === undefined)
        return yield* Effect.fail(OpenSeaError.notYet(`No receipt yet for the sweep ${hash}: its fills cannot be read`))
      const logs = parseEventLogs({ abi: orderFulfilled, logs: receipt.logs, strict: true })
      for (const log of logs) if (sameAddress(log.address, seaport)) filled.add(log.args.orderHash.toLowerCase())
    }
    return orders
      .filter((order) => !filled.has(order.toLowerCase()))
      .map((order) => ({
        orderId: order,
        message:
          `Order ${order} was no longer available when the sweep was mined: ` +
          "Seaport skipped it and took no payment for it",
      }))
  })
