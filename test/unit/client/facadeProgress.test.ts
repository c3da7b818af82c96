import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { mutableSteps, ownOf, progressOf, withFees, withPath, withSteps } from "../../../src/client/facadeProgress.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { deepFreeze } from "../../../src/pipeline/internal/deepFreeze.js"
import { blankRequest } from "../../support/blankRequest.js"

const snapshot = deepFreeze({
  status: "running",
  request: blankRequest("buy"),
  chainId: 1,
  steps: [{ id: "sale", kind: "transaction", items: [{ status: "incomplete" }] }],
  path: [{ orderId: "0x1", quantity: 1 }],
  fees: { gas: { amount: { raw: "1" } } },
  txHashes: [],
}) as unknown as ExecutionSnapshot

describe("the facade's progress callbacks", () => {
  it("withSteps hands reservoir-sdk's onProgress(steps) a copy the caller may change", () => {
    const seen: Array<Array<{ id: string }>> = []
    withSteps((steps) => void seen.push(steps as never))!(snapshot)
    expect(seen[0]).toEqual(snapshot.steps)
    seen[0]![0]!.id = "changed"
    expect(snapshot.steps[0]!.id).toBe("sale")
  })

  it("withPath passes the fees on an execution ({} when absent), and none on a precheck", () => {
    const calls: Array<ReadonlyArray<unknown>> = []
    withPath((...args: ReadonlyArray<unknown>) => void calls.push(args), false)!(snapshot)
    withPath((...args: ReadonlyArray<unknown>) => void calls.push(args), false)!({
      ...snapshot,
      fees: undefined,
    } as never)
    withPath((...args: ReadonlyArray<unknown>) => void calls.push(args), true)!(snapshot)
    expect(calls[0]![2]).toEqual(snapshot.fees)
    expect(calls[1]![2]).toEqual({})
    expect(calls[2]).toHaveLength(2)
  })

  it("withFees hands the steps and the fees; no callback is none", () => {
    const calls: Array<ReadonlyArray<unknown>> = []
    withFees((...args: ReadonlyArray<unknown>) => void calls.push(args))!(snapshot)
    expect(calls[0]).toEqual([snapshot.steps, snapshot.fees])
    expect(withSteps(undefined)).toBeUndefined()
  })

  it.effect("progressOf calls the facade's callback then onSnapshot; one that throws is logged, never passed on", () =>
    Effect.gen(function* () {
      const order: Array<string> = []
      const { onProgress } = progressOf(
        {
          onSnapshot: () => void order.push("snapshot"),
        } as never,
        () => {
          order.push("progress")
          throw new Error("the app's callback broke")
        },
      )
      yield* onProgress!(snapshot)
      expect(order).toEqual(["progress", "snapshot"])
      expect(progressOf({} as never, undefined)).toEqual({})
    }),
  )

  it("ownOf passes on everything but what the facade handles itself", () => {
    const own = ownOf({ wallet: 1, signal: 2, onSnapshot: 3, onProgress: 4, items: [] } as never)
    expect(own).toEqual({ items: [] })
  })

  it("mutableSteps keeps `true` and copies steps", () => {
    expect(mutableSteps(true)).toBe(true)
    const copy = mutableSteps(snapshot.steps) as Array<{ id: string }>
    expect(copy).toEqual(snapshot.steps)
    expect(copy).not.toBe(snapshot.steps)
  })
})
