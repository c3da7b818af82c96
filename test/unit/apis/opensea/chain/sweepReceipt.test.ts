/**
 * The orders a mined sweep left out: each order of the item that the chain's Seaport logged no `OrderFulfilled` for
 * is reported (Seaport skips a gone order instead of reverting); a log by another contract proves nothing.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Address, Hex } from "viem"
import { unfilledOrders } from "../../../../../src/apis/opensea/chain/sweepReceipt.js"
import type { StepItem } from "../../../../../src/schema/Step.js"
import { makeFakeChainReads } from "../../../../../src/testing/FakeChainReads.js"
import { orderFulfilledLog, readsOf, receiptWith } from "./chainKit.js"

const SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
const IMPOSTOR: Address = "0x6666666666666666666666666666666666666666"
const SELLER: Address = "0x1111111111111111111111111111111111111111"
const [A, B, C] = ["aa", "bb", "cc"].map((byte) => `0x${byte.repeat(32)}` as Hex) as [Hex, Hex, Hex]
const TX: Hex = `0x${"0a".repeat(32)}`
const TX_2: Hex = `0x${"0b".repeat(32)}`

const sweepOf = (...orderIds: ReadonlyArray<string>): StepItem => ({ status: "incomplete", orderIds })
const filledBy = (address: Address, ...orders: ReadonlyArray<Hex>) =>
  orders.map((order) => orderFulfilledLog(address, order, SELLER))

describe("unfilledOrders", () => {
  it.effect("reports nothing when Seaport logged a fill of every order", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX, receiptWith(TX, filledBy(SEAPORT, A, B, C)))
      expect(yield* unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A, B, C), [TX])).toEqual([])
    }),
  )

  it.effect("reports each order Seaport skipped, saying it took no payment for it", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX, receiptWith(TX, filledBy(SEAPORT, B)))
      const errors = yield* unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A, B, C), [TX])
      expect(errors.map((error) => error.orderId)).toEqual([A, C])
      expect(errors[0]!.message).toBe(
        `Order ${A} was no longer available when the sweep was mined: Seaport skipped it and took no payment for it`,
      )
    }),
  )

  it.effect("counts fills across all the sweep's transactions, in any letter case", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads()
        .setReceipt(TX, receiptWith(TX, filledBy(SEAPORT, A)))
        .setReceipt(TX_2, receiptWith(TX_2, filledBy(SEAPORT.toLowerCase() as Address, C)))
      const upper = `0x${B.slice(2).toUpperCase()}`
      const errors = yield* unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A, upper, C), [TX, TX_2])
      expect(errors.map((error) => error.orderId)).toEqual([upper])
    }),
  )

  it.effect("does not take another contract's OrderFulfilled for Seaport's", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(
        TX,
        receiptWith(TX, [...filledBy(SEAPORT, A), ...filledBy(IMPOSTOR, B)]),
      )
      const errors = yield* unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A, B), [TX])
      expect(errors.map((error) => error.orderId)).toEqual([B])
    }),
  )

  it.effect("has nothing to report for an item of one order, whose fill reverts when the order is gone", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX, receiptWith(TX, []))
      expect(yield* unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A), [TX])).toEqual([])
      expect(yield* unfilledOrders(readsOf(chain), SEAPORT, { status: "incomplete" }, [TX])).toEqual([])
      expect(chain.reads).toEqual([])
    }),
  )

  it.effect("fails, to be asked again, while a transaction of the sweep is not mined", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX, receiptWith(TX, filledBy(SEAPORT, A, B)))
      const failure = yield* Effect.flip(unfilledOrders(readsOf(chain), SEAPORT, sweepOf(A, B), [TX, TX_2]))
      expect(failure.message).toBe(`No receipt yet for the sweep ${TX_2}: its fills cannot be read`)
    }),
  )
})
