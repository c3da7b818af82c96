import * as Schema from "effect/Schema"
import { Address, BigIntFromAmount, Hex } from "./primitives.js"

/** A transaction item's data decoded for sending: amounts become bigints. */
export const TransactionRequest = Schema.Struct({
  from: Address,
  to: Address,
  data: Schema.optional(Hex),
  value: Schema.optional(BigIntFromAmount),
  chainId: Schema.optional(Schema.Number),
  gas: Schema.optional(BigIntFromAmount),
  maxFeePerGas: Schema.optional(BigIntFromAmount),
  maxPriorityFeePerGas: Schema.optional(BigIntFromAmount),
})
export type TransactionRequest = typeof TransactionRequest.Type
