import { describe, expect, it } from "@effect/vitest"
import { ExecutionAbortedError } from "../../../../src/react/errors/ExecutionAbortedError.js"

describe("ExecutionAbortedError", () => {
  it("is a tagged Error that keeps what the signal was aborted with, as its reason and cause", () => {
    const reason = new DOMException("left the page", "AbortError")
    const error = new ExecutionAbortedError({ reason })
    expect(error).toBeInstanceOf(Error)
    expect([error._tag, error.name, error.message]).toEqual([
      "ExecutionAbortedError",
      "ExecutionAbortedError",
      "The execution was aborted",
    ])
    expect(error.reason).toBe(reason)
    expect(error.cause).toBe(reason)
  })

  it("has no reason when none was given", () => {
    expect(new ExecutionAbortedError().reason).toBeUndefined()
  })
})
