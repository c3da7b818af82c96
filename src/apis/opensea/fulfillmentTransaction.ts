import { type AbiParameter, type Address, encodeFunctionData, getAbiItem, getAddress, type Hex } from "viem"
import type { Json } from "./Json.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import { bigIntOf } from "./orderOf.js"
import { seaportAbi } from "./seaportAbi.js"

/** The arguments of each Seaport function OpenSea hands out, by their `input_data` names, in order. */
const ARGUMENT_NAMES: Readonly<Record<string, ReadonlyArray<string>>> = {
  fulfillBasicOrder: ["parameters"],
  fulfillBasicOrder_efficient_6GL6yc: ["parameters"],
  fulfillOrder: ["order", "fulfillerConduitKey"],
  fulfillAdvancedOrder: ["advancedOrder", "criteriaResolvers", "fulfillerConduitKey", "recipient"],
  fulfillAvailableAdvancedOrders: [
    "advancedOrders",
    "criteriaResolvers",
    "offerFulfillments",
    "considerationFulfillments",
    "fulfillerConduitKey",
    "recipient",
    "maximumFulfilled",
  ],
  matchOrders: ["orders", "fulfillments"],
  matchAdvancedOrders: ["orders", "criteriaResolvers", "fulfillments", "recipient"],
}

/** A wire value as viem encodes it: integers (JSON numbers, decimal strings, hex) as bigints, tuples by name. */
const abiValueOf = (value: Json, param: AbiParameter, field: string): unknown => {
  if (param.type.endsWith("[]")) {
    if (!Array.isArray(value)) throw new OpenSeaFailure(502, `OpenSea's fulfilment data has no list at ${field}`)
    const inner = { ...param, type: param.type.slice(0, -2) }
    return value.map((entry, index) => abiValueOf(entry, inner, `${field}[${index}]`))
  }
  if (param.type === "tuple") {
    const components = (param as { readonly components: ReadonlyArray<AbiParameter> }).components
    return Object.fromEntries(components.map((c) => [c.name, abiValueOf(value?.[c.name!], c, `${field}.${c.name}`)]))
  }
  if (param.type.startsWith("uint") || param.type.startsWith("int")) return bigIntOf(value, field)
  // The spec's web3j `Address` wrapper ({ value, typeAsString }) as well as a plain address.
  if (param.type === "address") return getAddress(typeof value === "object" && value !== null ? value.value : value)
  return value
}

/** The transaction OpenSea's `fulfillment_data.transaction` asks for: Seaport, the wei to send, the encoded call. */
export interface FulfillmentTransaction {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/**
 * Encodes `fulfillment_data.transaction` with Seaport's ABI: the function named before `(` (an alias such as
 * `fulfillBasicOrder_efficient_6GL6yc` is Seaport's own name for it), its arguments from `input_data` by name,
 * numbers as JSON numbers, decimal strings or hex, and `calldata_suffix` appended when given.
 */
export const fulfillmentTransaction = (transaction: Json): FulfillmentTransaction => {
  const name = String(transaction?.function ?? "").split("(")[0]!
  const names = ARGUMENT_NAMES[name]
  if (names === undefined) throw new OpenSeaFailure(502, `OpenSea's fulfilment calls ${JSON.stringify(name)}, which tradekit does not know`)
  const item = getAbiItem({ abi: seaportAbi, name: name as "fulfillAdvancedOrder" }) as unknown as { readonly inputs: ReadonlyArray<AbiParameter> }
  const args = names.map((key, index) => abiValueOf(transaction.input_data?.[key], item.inputs[index]!, key))
  const call = encodeFunctionData({ abi: seaportAbi, functionName: name as "fulfillAdvancedOrder", args: args as never })
  const suffix = typeof transaction.calldata_suffix === "string" ? transaction.calldata_suffix.replace(/^0x/, "") : ""
  return {
    to: getAddress(transaction.to),
    value: transaction.value === undefined || transaction.value === null ? 0n : bigIntOf(transaction.value, "value"),
    data: `${call}${suffix}` as Hex,
  }
}
