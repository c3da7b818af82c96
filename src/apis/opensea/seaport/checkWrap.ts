import * as Effect from "effect/Effect"
import { type Address, toFunctionSelector } from "viem"
import { OrderCheckError } from "../../../errors/OrderCheckError.js"
import type { BookTransaction } from "./decodeSeaportCall.js"
import { sameAddress } from "./SeaportOrder.js"

/** `deposit()`'s calldata: its selector alone. */
const DEPOSIT = toFunctionSelector("deposit()")

/**
 * Refuses a wrap that is not exactly `deposit()`, with no other bytes, into the chain's configured wrapped native
 * token: wrapping sends native currency, so any other target or call could take it.
 */
export const checkWrap = Effect.fnUntraced(function* (
  transaction: BookTransaction,
  wrappedNative: Address,
  book = "opensea",
): Effect.fn.Return<void, OrderCheckError> {
  if (!sameAddress(transaction.to, wrappedNative)) {
    return yield* OrderCheckError.of({
      book,
      check: "wrap",
      short: "The wrap does not go to the chain's wrapped native token",
      facts: { Expected: wrappedNative, Got: transaction.to },
    })
  }
  if (transaction.data.toLowerCase() !== DEPOSIT) {
    return yield* OrderCheckError.of({
      book,
      check: "wrap",
      short: "The wrap is not a deposit() call",
      facts: { Expected: DEPOSIT, Got: transaction.data.slice(0, 74) },
    })
  }
})
