import { describe, expect, it } from "@effect/vitest"
import { ExecutionInProgressError } from "../../../src/errors/ExecutionInProgressError.js"

describe("ExecutionInProgressError", () => {
  it("says what to do: abort the running execution or wait for it", () => {
    const error = new ExecutionInProgressError({})
    expect(error._tag).toBe("ExecutionInProgressError")
    expect(error.message).toBe("An execution is already running; abort it or wait for it to end")
  })

  it("keeps a message that names where the other execution runs", () => {
    expect(new ExecutionInProgressError({ message: "being resumed in another tab" }).message).toBe(
      "being resumed in another tab",
    )
  })
})
