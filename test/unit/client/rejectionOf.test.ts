import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import { rejectionOf } from "../../../src/client/rejectionOf.js"

describe("rejectionOf", () => {
  it("rejects with the typed error itself", () => {
    const error = new Error("typed")
    expect(rejectionOf(Cause.fail(error), undefined)).toBe(error)
  })

  it("an interruption the caller asked for rejects with the abort signal's reason", () => {
    const controller = new AbortController()
    const reason = new Error("the user left the page")
    controller.abort(reason)
    expect(rejectionOf(Cause.interrupt(), controller.signal)).toBe(reason)
  })

  it("an interruption nobody asked for rejects with an Error that says so", () => {
    const rejection = rejectionOf(Cause.interrupt(), new AbortController().signal)
    expect(rejection).toBeInstanceOf(Error)
    expect((rejection as Error).message).toBe("The action was interrupted")
  })

  it("a defect rejects with the defect", () => {
    const defect = new TypeError("a bug")
    expect(rejectionOf(Cause.die(defect), undefined)).toBe(defect)
  })
})
