import * as Result from "effect/Result"
import { type AbiParameter, type Address, encodeFunctionData, getAbiItem, getAddress, type Hex } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { seaportAbi } from "../seaport/seaportAbi.js"
import { FulfillmentTransactionAnswer } from "../wire/answers.js"
import { decodeWireSync } from "../wire/decode.js"
import { bigIntOf } from "../wire/orderOf.js"

/**
 * The arguments of each Seaport function OpenSea hands out, by their `input_data` names in the spec, in order; a
 * name the ABI gives an argument otherwise is read too (`advancedOrders` for the spec's `orders`).
 */
const ARGUMENT_NAMES: Readonly<Record<string, ReadonlyArray<string | readonly [string, string]>>> = {
  fulfillBasicOrder: ["parameters"],
  fulfillBasicOrder_efficient_6GL6yc: ["parameters"],
  fulfillOrder: ["order", "fulfillerConduitKey"],
  fulfillAdvancedOrder: ["advancedOrder", "criteriaResolvers", "fulfillerConduitKey", "recipient"],
  fulfillAvailableOrders: [
    "orders",
    "offerFulfillments",
    "considerationFulfillments",
    "fulfillerConduitKey",
    "maximumFulfilled",
  ],
  fulfillAvailableAdvancedOrders: [
    ["orders", "advancedOrders"],
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

type Fields = Readonly<Record<string, unknown>>

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** An argument of `input_data` by its name, or by the other name it may go by. */
const argumentOf = (
  inputData: Fields,
  name: string | readonly [string, string],
): { readonly value: unknown; readonly field: string } => {
  if (typeof name === "string") return { value: inputData[name], field: name }
  const [spec, other] = name
  return inputData[spec] !== undefined
    ? { value: inputData[spec], field: spec }
    : { value: inputData[other], field: other }
}

/** The spec's web3j wrapper of a number or an address (`{ value, bitSize?, typeAsString }`), or the value itself. */
const unwrapped = (value: unknown): unknown => (isFields(value) && "value" in value ? value.value : value)

/** A wire value as viem encodes it: integers (JSON numbers, decimal strings, hex) as bigints, tuples by name. */
const abiValueOf = (value: unknown, param: AbiParameter, field: string): Result.Result<unknown, OpenSeaError> => {
  if (param.type.endsWith("[]")) {
    if (!Array.isArray(value))
      return Result.fail(OpenSeaError.unreadable(`OpenSea's fulfilment data has no list at ${field}`))
    const inner = { ...param, type: param.type.slice(0, -2) }
    return Result.all(value.map((entry, index) => abiValueOf(entry, inner, `${field}[${index}]`)))
  }
  if (param.type === "tuple") {
    const components = (param as { readonly components: ReadonlyArray<AbiParameter> }).components
    if (!isFields(value))
      return Result.fail(OpenSeaError.unreadable(`OpenSea's fulfilment data has no fields at ${field}`))
    return Result.map(
      Result.all(components.map((c) => abiValueOf(value[c.name!], c, `${field}.${c.name}`))),
      (values) => Object.fromEntries(components.map((c, index) => [c.name, values[index]])),
    )
  }
  if (param.type.startsWith("uint") || param.type.startsWith("int")) return bigIntOf(unwrapped(value), field)
  if (param.type === "address") return Result.succeed(getAddress(String(unwrapped(value))))
  return Result.succeed(unwrapped(value))
}

/** The transaction OpenSea's `fulfillment_data.transaction` asks for: Seaport, the wei to send, the encoded call. */
export interface FulfillmentTransaction {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/** The transaction with its call encoded, `calldata_suffix` appended. */
const encoded = (
  transaction: typeof FulfillmentTransactionAnswer.Type,
  name: string,
  args: ReadonlyArray<unknown>,
): Result.Result<FulfillmentTransaction, OpenSeaError> => {
  const call = encodeFunctionData({
    abi: seaportAbi,
    functionName: name as "fulfillAdvancedOrder",
    args: args as never,
  })
  const suffix = typeof transaction.calldata_suffix === "string" ? transaction.calldata_suffix.replace(/^0x/, "") : ""
  const value =
    transaction.value === undefined || transaction.value === null
      ? Result.succeed(0n)
      : bigIntOf(transaction.value, "value")
  return Result.map(value, (wei) => ({ to: getAddress(transaction.to), value: wei, data: `${call}${suffix}` as Hex }))
}

const decodeTransaction = decodeWireSync(FulfillmentTransactionAnswer, "fulfilment data")

/**
 * Encodes `fulfillment_data.transaction` with Seaport's ABI: the function named before `(` (an alias such as
 * `fulfillBasicOrder_efficient_6GL6yc` is Seaport's own name for it), its arguments from `input_data` by name,
 * numbers as JSON numbers, decimal strings or hex, and `calldata_suffix` appended when given.
 */
export const fulfillmentTransaction = (answer: unknown): Result.Result<FulfillmentTransaction, OpenSeaError> =>
  Result.gen(function* () {
    const transaction = yield* decodeTransaction(answer)
    const name = transaction.function.split("(")[0]!
    const names = ARGUMENT_NAMES[name]
    if (names === undefined)
      return yield* Result.fail(
        OpenSeaError.unreadable(`OpenSea's fulfilment calls ${JSON.stringify(name)}, which tradekit does not know`),
      )
    const item = getAbiItem({ abi: seaportAbi, name: name as "fulfillAdvancedOrder" }) as unknown as {
      readonly inputs: ReadonlyArray<AbiParameter>
    }
    const args = yield* Result.all(
      names.map((name, index) => {
        const { value, field } = argumentOf(transaction.input_data, name)
        return abiValueOf(value, item.inputs[index]!, field)
      }),
    )
    return yield* encoded(transaction, name, args)
  })
