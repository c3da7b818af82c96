import * as Effect from "effect/Effect"
import {
  type Address,
  type DecodeFunctionDataReturnType,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  zeroAddress,
} from "viem"
import { OrderCheckError } from "../../../errors/OrderCheckError.js"
import { type BasicOrderParameters, orderOfBasicParameters } from "./basicOrder.js"
import type { AdvancedOrder, CriteriaResolver, OrderComponents, OrderParameters } from "./SeaportOrder.js"
import { seaportAbi } from "./seaportAbi.js"

/** A transaction as a book hands it out: the contract called, the calldata, the wei sent. */
export interface BookTransaction {
  readonly to: Address
  readonly data: Hex
  readonly value: bigint
}

/**
 * The Seaport functions that fill orders. OpenSea sells into a collection offer with `matchAdvancedOrders`: the
 * offer matched against the seller's own unsigned order.
 */
export type SeaportFulfilFunction =
  | "fulfillBasicOrder"
  | "fulfillBasicOrder_efficient_6GL6yc"
  | "fulfillOrder"
  | "fulfillAdvancedOrder"
  | "fulfillAvailableOrders"
  | "fulfillAvailableAdvancedOrders"
  | "matchOrders"
  | "matchAdvancedOrders"

/**
 * A fulfilment, whichever function carries it, as one shape: the orders filled (a basic order as the full order
 * Seaport derives from it; whole fills as 1/1), the criteria resolvers, the fulfiller's conduit key (none for a match:
 * each order's own conduit moves its offer), who gets the offered items (`"caller"`: the sender, as for the functions
 * without a recipient or with the zero address; for a match, what no fulfilment spends) and how many orders at most
 * are filled. Seaport reverts unless every consideration item of a filled order is met.
 */
export interface SeaportFulfilment {
  readonly function: SeaportFulfilFunction
  readonly to: Address
  readonly value: bigint
  readonly orders: ReadonlyArray<AdvancedOrder>
  readonly criteriaResolvers: ReadonlyArray<CriteriaResolver>
  readonly fulfillerConduitKey: Hex | undefined
  readonly recipient: Address | "caller"
  readonly maximumFulfilled: bigint
  /** Bytes after the encoded call (OpenSea's `calldata_suffix`); Seaport does not read them. */
  readonly suffix: Hex
}

/** A `cancel` call: the orders it cancels, each with its counter. */
export interface SeaportCancel {
  readonly function: "cancel"
  readonly to: Address
  readonly value: bigint
  readonly orders: ReadonlyArray<OrderComponents>
  readonly suffix: Hex
}

/** A decoded Seaport call. */
export type SeaportCall = SeaportFulfilment | SeaportCancel

/** An order with its signature, as `fulfillOrder` and `fulfillAvailableOrders` take it: a whole fill. */
const wholeFill = (order: { readonly parameters: OrderParameters; readonly signature: Hex }): AdvancedOrder => ({
  parameters: order.parameters,
  numerator: 1n,
  denominator: 1n,
  signature: order.signature,
  extraData: "0x",
})

const recipientOf = (recipient: Address): Address | "caller" =>
  recipient.toLowerCase() === zeroAddress ? "caller" : recipient

/** Builds the refusal of a call, in the error of the transaction's book. */
type Refuse = (check: "calldata" | "function", short: string, facts?: Record<string, string>) => OrderCheckError

/** A Seaport call's name and arguments, as viem decodes them. */
type DecodedCall = DecodeFunctionDataReturnType<typeof seaportAbi>

/**
 * The call the transaction's calldata encodes, and the bytes after it; refused unless it is a Seaport call encoded
 * exactly as Solidity encodes its arguments.
 */
const decodeCanonical = Effect.fnUntraced(function* (
  transaction: BookTransaction,
  refuse: Refuse,
): Effect.fn.Return<{ readonly decoded: DecodedCall; readonly suffix: Hex }, OrderCheckError> {
  const decoded = yield* Effect.try({
    try: () => decodeFunctionData({ abi: seaportAbi, data: transaction.data }),
    catch: (error) =>
      refuse("calldata", "The transaction's calldata is not a Seaport call tradekit knows", {
        Selector: transaction.data.slice(0, 10),
        Reason: error instanceof Error ? error.message.split("\n")[0]! : String(error),
      }),
  })
  const notCanonical = refuse("calldata", "The transaction's calldata is not encoded the way Solidity encodes it", {
    Function: decoded.functionName,
  })
  // viem decodes a too-wide small integer (a uint8 word of 256) that it then refuses to encode: not canonical either.
  const encoded = yield* Effect.try({
    try: () => encodeFunctionData({ abi: seaportAbi, functionName: decoded.functionName, args: decoded.args } as never),
    catch: () => notCanonical,
  })
  if (!transaction.data.toLowerCase().startsWith(encoded.toLowerCase())) return yield* notCanonical
  return { decoded, suffix: `0x${transaction.data.slice(encoded.length)}` as Hex }
})

/**
 * A decoded call as {@link SeaportCall}, or why it is refused: a function tradekit does not send, a bad basic
 * order.
 */
const callOf = (
  decoded: DecodedCall,
  base: Pick<SeaportFulfilment, "to" | "value" | "suffix">,
  refuse: Refuse,
): SeaportCall | OrderCheckError => {
  const fulfilment = (rest: Omit<SeaportFulfilment, "to" | "value" | "suffix">): SeaportFulfilment => ({
    ...base,
    ...rest,
  })
  switch (decoded.functionName) {
    case "fulfillBasicOrder":
    case "fulfillBasicOrder_efficient_6GL6yc": {
      const basic = decoded.args[0] as BasicOrderParameters
      const order = orderOfBasicParameters(basic)
      if (order === undefined) {
        return refuse("calldata", "The basic order's type names no route Seaport knows", {
          "Basic order type": String(basic.basicOrderType),
        })
      }
      return fulfilment({
        function: decoded.functionName,
        orders: [order],
        criteriaResolvers: [],
        fulfillerConduitKey: basic.fulfillerConduitKey,
        recipient: "caller",
        maximumFulfilled: 1n,
      })
    }
    case "fulfillOrder":
      return fulfilment({
        function: decoded.functionName,
        orders: [wholeFill(decoded.args[0])],
        criteriaResolvers: [],
        fulfillerConduitKey: decoded.args[1],
        recipient: "caller",
        maximumFulfilled: 1n,
      })
    case "fulfillAdvancedOrder":
      return fulfilment({
        function: decoded.functionName,
        orders: [decoded.args[0]],
        criteriaResolvers: decoded.args[1],
        fulfillerConduitKey: decoded.args[2],
        recipient: recipientOf(decoded.args[3]),
        maximumFulfilled: 1n,
      })
    case "fulfillAvailableOrders":
      return fulfilment({
        function: decoded.functionName,
        orders: decoded.args[0].map(wholeFill),
        criteriaResolvers: [],
        fulfillerConduitKey: decoded.args[3],
        recipient: "caller",
        maximumFulfilled: decoded.args[4],
      })
    case "fulfillAvailableAdvancedOrders":
      return fulfilment({
        function: decoded.functionName,
        orders: decoded.args[0],
        criteriaResolvers: decoded.args[1],
        fulfillerConduitKey: decoded.args[4],
        recipient: recipientOf(decoded.args[5]),
        maximumFulfilled: decoded.args[6],
      })
    case "matchOrders":
      return fulfilment({
        function: decoded.functionName,
        orders: decoded.args[0].map(wholeFill),
        criteriaResolvers: [],
        fulfillerConduitKey: undefined,
        recipient: "caller",
        maximumFulfilled: BigInt(decoded.args[0].length),
      })
    case "matchAdvancedOrders":
      return fulfilment({
        function: decoded.functionName,
        orders: decoded.args[0],
        criteriaResolvers: decoded.args[1],
        fulfillerConduitKey: undefined,
        recipient: recipientOf(decoded.args[3]),
        maximumFulfilled: BigInt(decoded.args[0].length),
      })
    case "cancel":
      return { function: "cancel", ...base, orders: decoded.args[0] }
    default:
      return refuse("function", `${decoded.functionName} is not a Seaport call tradekit sends`, {
        Function: decoded.functionName,
      })
  }
}

/**
 * Decodes a call to Seaport 1.6 into {@link SeaportCall}: every fulfilment function tradekit sends, and `cancel`.
 * Bytes appended after the call (a `calldata_suffix`) are kept apart; the call itself must be exactly as Solidity
 * encodes its arguments, so what this reads is what Seaport reads (Seaport's basic order functions read fixed
 * offsets). A match's fulfilments are left out: Seaport meets every consideration item and sends what is unspent to
 * the recipient, whichever way they pair the items. Other functions (`getCounter`, ...) are refused.
 */
export const decodeSeaportCall = Effect.fnUntraced(function* (
  transaction: BookTransaction,
  book = "opensea",
): Effect.fn.Return<SeaportCall, OrderCheckError> {
  const refuse: Refuse = (check, short, facts) =>
    OrderCheckError.of({ book, check, short, ...(facts !== undefined ? { facts } : {}) })
  const { decoded, suffix } = yield* decodeCanonical(transaction, refuse)
  const call = callOf(decoded, { to: transaction.to, value: transaction.value, suffix }, refuse)
  return call instanceof OrderCheckError ? yield* call : call
})
