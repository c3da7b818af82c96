import { describe, expect, it } from "@effect/vitest"
import { causeChain } from "../../../../src/services/internal/causeChain.js"

describe("causeChain", () => {
  it("lists a thrown value and its causes, outermost first", () => {
    const inner = { code: 4001, message: "User rejected" }
    const middle = new Error("wrapped", { cause: inner })
    const outer = { name: "TransactionExecutionError", cause: middle }
    expect(causeChain(outer)).toEqual([outer, middle, inner])
  })

  it("is empty for a value that is not an object", () => {
    for (const value of [undefined, null, "boom", 42, Symbol("x")]) expect(causeChain(value)).toEqual([])
  })

  it("stops at a cause that is not an object", () => {
    const outer = { message: "outer", cause: "a string cause" }
    expect(causeChain(outer)).toEqual([outer])
  })

  it("reads at most eight errors, even from a cycle", () => {
    const looped: { cause?: unknown } = {}
    looped.cause = looped
    expect(causeChain(looped)).toHaveLength(8)

    let deep: Record<string, unknown> = { depth: 0 }
    for (let depth = 1; depth < 12; depth++) deep = { depth, cause: deep }
    expect(causeChain(deep).map((error) => error.depth)).toEqual([11, 10, 9, 8, 7, 6, 5, 4])
  })

  it("keeps what it read before a throwing getter", () => {
    const hostile = Object.defineProperty({ name: "hostile" }, "cause", {
      get: () => {
        throw new Error("no")
      },
    })
    const outer = { cause: hostile }
    expect(causeChain(outer)).toEqual([outer, hostile])
  })
})
