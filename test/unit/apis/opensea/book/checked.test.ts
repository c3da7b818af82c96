import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { checked, checkedOrderItem } from "../../../../../src/apis/opensea/book/checked.js"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import type { OrderToSignExpectation } from "../../../../../src/apis/opensea/seaport/checkOrderToSign.js"
import { OrderCheckError } from "../../../../../src/errors/OrderCheckError.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const ctx = { chain: { id: 1 }, config: { seaport, maxFeeBps: 1000 } } as unknown as PlanContext

describe("checked", () => {
  it.effect("passes a check's value through", () =>
    Effect.gen(function* () {
      expect(yield* checked(Effect.succeed(42))).toBe(42)
    }),
  )

  it.effect("makes a refusal the plan's OpenSeaError, keeping the OrderCheckError as it is", () =>
    Effect.gen(function* () {
      const refusal = OrderCheckError.of({ book: "opensea", check: "target", short: "Not the chain's Seaport" })
      const error = yield* Effect.flip(checked(Effect.fail(refusal)))
      expect(error._tag).toBe("OpenSeaError")
      expect(error.reason).toEqual({ _tag: "CheckFailed", error: refusal })
      expect(error.message).toBe(refusal.message)
    }),
  )
})

describe("checkedOrderItem", () => {
  it.effect.each([
    ["another contract", { name: "Seaport", version: "1.6", chainId: 1, verifyingContract: `0x${"11".repeat(20)}` }],
    ["another chain", { name: "Seaport", version: "1.6", chainId: 137, verifyingContract: seaport }],
    ["another Seaport version", { name: "Seaport", version: "1.5", chainId: 1, verifyingContract: seaport }],
  ])("refuses an order signed for %s before reading it", ([_label, domain]) =>
    Effect.gen(function* () {
      const item = { data: { sign: { domain: domain as never, value: "not an order" } } }
      const error = yield* Effect.flip(checkedOrderItem(ctx, {} as OrderToSignExpectation, item))
      expect(error.reason._tag).toBe("CheckFailed")
      expect(error.message).toContain("not for Seaport 1.6 on the chain's Seaport")
    }),
  )

  it.effect("refuses typed data on the chain's Seaport that is not an order", () =>
    Effect.gen(function* () {
      const domain = { name: "Seaport", version: "1.6", chainId: 1, verifyingContract: seaport } as const
      const item = { data: { sign: { domain, value: { offerer: 7 } } } }
      const error = yield* Effect.flip(checkedOrderItem(ctx, {} as OrderToSignExpectation, item))
      expect(error._tag).toBe("OpenSeaError")
      expect(error.reason._tag).toBe("Unreadable")
    }),
  )
})
