/**
 * Whether nothing of an item can fill any more, in Seaport's own words: every order it names cancelled or wholly
 * filled. A stored request with no hash back is settled on this answer, so an order still open must answer false.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Hex } from "viem"
import { ordersFilled } from "../../../../../src/apis/opensea/chain/ordersFilled.js"
import type { StepItem } from "../../../../../src/schema/Step.js"
import { makeFakeChainReads } from "../../../../../src/testing/FakeChainReads.js"
import { readsOf } from "./chainKit.js"

const SEAPORT = "0x0000000000000068F116a894984e2DB1123eB395"
const OTHER_SEAPORT = "0x00000000006687982678b03100B9bDC8be440814"
const ORDER_A: Hex = `0x${"aa".repeat(32)}`
const ORDER_B: Hex = `0x${"bb".repeat(32)}`

const item = (orderIds?: ReadonlyArray<string>): StepItem => ({
  status: "incomplete",
  ...(orderIds ? { orderIds } : {}),
})
const filled = { isCancelled: false, totalFilled: 1n, totalSize: 1n }
const cancelled = { isCancelled: true, totalFilled: 0n, totalSize: 0n }
const half = { isCancelled: false, totalFilled: 1n, totalSize: 2n }

describe("ordersFilled", () => {
  it.effect("is true when every order is wholly filled or cancelled", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads()
        .setOrderStatus(SEAPORT, ORDER_A, filled)
        .setOrderStatus(SEAPORT, ORDER_B, cancelled)
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item([ORDER_A, ORDER_B]))).toBe(true)
    }),
  )

  it.effect("is false while one order is partly filled", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOrderStatus(SEAPORT, ORDER_A, filled).setOrderStatus(SEAPORT, ORDER_B, half)
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item([ORDER_A, ORDER_B]))).toBe(false)
    }),
  )

  it.effect("is false for an order Seaport never saw (nothing filled of no size)", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOrderStatus(SEAPORT, ORDER_A, filled)
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item([ORDER_A, ORDER_B]))).toBe(false)
      const unsized = makeFakeChainReads().setOrderStatus(SEAPORT, ORDER_A, {
        ...filled,
        totalFilled: 0n,
        totalSize: 0n,
      })
      expect(yield* ordersFilled(readsOf(unsized), SEAPORT, item([ORDER_A]))).toBe(false)
    }),
  )

  it.effect("reads the statuses on the Seaport it is given, not another", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOrderStatus(OTHER_SEAPORT, ORDER_A, filled)
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item([ORDER_A]))).toBe(false)
      expect(chain.reads).toEqual([`orderStatusOf:${SEAPORT.toLowerCase()}:${ORDER_A}`])
    }),
  )

  it.effect("is false for an item naming no order, without reading the chain", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads()
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item())).toBe(false)
      expect(yield* ordersFilled(readsOf(chain), SEAPORT, item([]))).toBe(false)
      expect(chain.reads).toEqual([])
    }),
  )
})
