import { type Address, encodeFunctionData, type Hex } from "viem"
import type { AdvancedOrder } from "../seaport/SeaportOrder.js"
import { seaportAbi } from "../seaport/seaportAbi.js"
import type { FulfillmentTransaction } from "./fulfillmentTransaction.js"

/**
 * What a sweep fills: the orders as OpenSea's fulfilment answers carry them (signature and zone extra data kept), each
 * at the fraction given (1/1 for a whole order; a partial fill's `quantity/units`, checked with the sweep).
 */
export interface SweepInput {
  readonly seaport: Address
  readonly orders: ReadonlyArray<AdvancedOrder>
  /** Who pays and receives every offered item. */
  readonly taker: Address
  /** The fulfiller's conduit key: the one the currency approvals were made for. */
  readonly fulfillerConduitKey: Hex
  /** The native currency the orders ask for in all; Seaport refunds what a skipped order leaves unspent. */
  readonly value: bigint
  /**
   * Each fulfilment answer's `calldata_suffix` (OpenSea's attribution, appended after the call). One call carries
   * one suffix: the orders' shared one is appended; when they differ none is, which OpenSea says does not affect
   * execution — only the attribution is lost.
   */
  readonly suffixes?: ReadonlyArray<string | null | undefined>
}

/** A fulfilment answer's `calldata_suffix` as bare lowercase hex, to append to a call; none when it is not hex. */
export const bareSuffix = (suffix: string | null | undefined): string => {
  const bare = (suffix ?? "").replace(/^0x/, "").toLowerCase()
  return /^([0-9a-f]{2})*$/.test(bare) ? bare : ""
}

/** The suffix every order shares, as bare lowercase hex; none when they differ, any is missing or is not hex. */
const sharedSuffix = (suffixes: ReadonlyArray<string | null | undefined>): string => {
  const bare = new Set(suffixes.map(bareSuffix))
  const [only] = bare
  return bare.size === 1 && only !== undefined ? only : ""
}

/**
 * One `fulfillAvailableAdvancedOrders` call buying every order at its fraction. Each offer item and each
 * consideration item is its own fulfillment of one component: Seaport 1.6's FulfillmentApplier then makes exactly one
 * execution per item (offer items to the recipient, consideration items from the caller) and drops the executions of an
 * order it
 * skips as unavailable (filled, cancelled, expired) instead of reverting, so the others are still bought. Aggregating
 * items would save a few transfers but ties orders together; one component per item keeps each order apart.
 */
export const sweepCall = (input: SweepInput): FulfillmentTransaction => {
  const { orders } = input
  const componentsOf = (side: "offer" | "consideration") =>
    orders.flatMap((order, orderIndex) =>
      order.parameters[side].map((_, itemIndex) => [{ orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) }]),
    )
  const data = encodeFunctionData({
    abi: seaportAbi,
    functionName: "fulfillAvailableAdvancedOrders",
    args: [
      orders,
      [],
      componentsOf("offer"),
      componentsOf("consideration"),
      input.fulfillerConduitKey,
      input.taker,
      BigInt(orders.length),
    ],
  })
  return { to: input.seaport, value: input.value, data: `${data}${sharedSuffix(input.suffixes ?? [])}` as Hex }
}
