import * as Result from "effect/Result"
import { type Address, getAddress } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { OrderAnswer, type OrderParametersAnswer } from "./answers.js"
import { decodeWireSync } from "./decode.js"

/** A wire number as OpenSea sends it (a JSON number, a decimal string or 0x-hex) as a bigint. */
export const bigIntOf = (value: unknown, field: string): Result.Result<bigint, OpenSeaError> => {
  if (typeof value === "bigint") return Result.succeed(value)
  if (
    (typeof value === "number" && Number.isSafeInteger(value)) ||
    (typeof value === "string" && /^(0x[0-9a-fA-F]+|\d+)$/.test(value))
  ) {
    return Result.succeed(BigInt(value))
  }
  return Result.fail(
    OpenSeaError.unreadable(`OpenSea sent ${JSON.stringify(value)} as ${field}, which is not a number`),
  )
}

/** An OpenSea listing or offer as a plan starts from it: unproven until `namedOrder` checks its hash. */
export interface OpenSeaOrder {
  readonly hash: string
  readonly protocolAddress: Address
  /** The Seaport order's parameters as OpenSea sent them. */
  readonly parameters: OrderParametersAnswer
}

const decodeOrder = decodeWireSync(OrderAnswer, "an order")

/** Reads the spec's `Listing` or `Offer` with its schema; an answer of another shape is unreadable. */
export const orderOf = (answer: unknown): Result.Result<OpenSeaOrder, OpenSeaError> =>
  Result.map(decodeOrder(answer), (order) => ({
    hash: order.order_hash,
    protocolAddress: getAddress(order.protocol_address),
    parameters: order.protocol_data.parameters,
  }))

/** A `"0xcontract:tokenId"` token, split; a malformed one is an invalid request. */
export const tokenOf = (
  token: unknown,
): Result.Result<{ readonly contract: Address; readonly tokenId: string }, OpenSeaError> => {
  const match = typeof token === "string" ? /^(0x[0-9a-fA-F]{40}):(\d+)$/.exec(token) : null
  if (match === null)
    return Result.fail(OpenSeaError.invalid(`${JSON.stringify(token)} is not a token ("0xcontract:tokenId")`))
  return Result.succeed({ contract: getAddress(match[1]!), tokenId: match[2]! })
}
