import * as Effect from "effect/Effect"
import type { Hex } from "viem"
import { OrderCheckError } from "../../../errors/OrderCheckError.js"
import { checkSeaportDomain, type SeaportDomainExpectation, type TypedDataDomain } from "./checkSeaportDomain.js"
import { type BookTransaction, decodeSeaportCall } from "./decodeSeaportCall.js"
import { sameAddress } from "./SeaportOrder.js"
import { seaportOrderHash } from "./seaportOrderHash.js"

/** The EIP-712 data of an off-chain cancel as it goes to the wallet. */
export interface CancelSignature {
  readonly domain: TypedDataDomain
  readonly primaryType: string
  readonly message: { readonly orderHash?: unknown }
}

/** Which orders a cancel may cancel, on which chain's Seaport. */
export interface CancelExpectation extends SeaportDomainExpectation {
  /** The hashes of the orders the user named. */
  readonly orderHashes: ReadonlyArray<Hex>
}

/**
 * Refuses an off-chain cancel whose signature is not Seaport 1.6's `OrderHash` on the chain's Seaport for one of the
 * named orders: signing another order's hash would cancel an order the user did not name.
 */
export const checkCancelSignature = Effect.fnUntraced(function* (
  expect: CancelExpectation,
  signature: CancelSignature,
): Effect.fn.Return<void, OrderCheckError> {
  const book = expect.book ?? "opensea"
  const { message } = signature
  yield* checkSeaportDomain(expect, signature.domain)
  if (signature.primaryType !== "OrderHash") {
    return yield* OrderCheckError.of({
      book,
      check: "cancel",
      short: "The cancel signature is not Seaport's OrderHash",
      facts: { Expected: "OrderHash", Got: signature.primaryType },
    })
  }
  const hash = typeof message.orderHash === "string" ? message.orderHash.toLowerCase() : undefined
  if (hash === undefined || !expect.orderHashes.some((named) => named.toLowerCase() === hash)) {
    return yield* OrderCheckError.of({
      book,
      check: "cancel",
      short: "The cancel signature names an order the user did not name",
      facts: { Expected: expect.orderHashes.join(", "), Got: String(message.orderHash) },
    })
  }
})

/**
 * Refuses an on-chain cancel that is not a `cancel` call to the chain's Seaport, sending nothing, holding exactly the
 * named orders (each hashed with the counter it carries).
 */
export const checkCancelCall = Effect.fnUntraced(function* (
  expect: CancelExpectation,
  transaction: BookTransaction,
): Effect.fn.Return<void, OrderCheckError> {
  const book = expect.book ?? "opensea"
  if (!sameAddress(transaction.to, expect.seaport)) {
    return yield* OrderCheckError.of({
      book,
      check: "target",
      short: "The cancel does not call the chain's Seaport",
      facts: { Expected: expect.seaport, Got: transaction.to },
    })
  }
  if (transaction.value !== 0n) {
    return yield* OrderCheckError.of({
      book,
      check: "value",
      short: "The cancel sends native currency",
      facts: { Expected: "0", Got: transaction.value },
    })
  }
  const call = yield* decodeSeaportCall(transaction, book)
  if (call.function !== "cancel") {
    return yield* OrderCheckError.of({
      book,
      check: "function",
      short: "The cancel calls another Seaport function",
      facts: { Expected: "cancel", Got: call.function },
    })
  }
  const got = call.orders.map((order) => seaportOrderHash(order).toLowerCase()).sort()
  const expected = expect.orderHashes.map((hash) => hash.toLowerCase()).sort()
  if (got.length !== expected.length || got.some((hash, index) => hash !== expected[index])) {
    return yield* OrderCheckError.of({
      book,
      check: "cancel",
      short: "The cancel holds other orders than the ones named",
      facts: { Expected: expected.join(", "), Got: got.join(", ") },
    })
  }
})
