import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { ActionName } from "../../../src/schema/ActionName.js"

const names = ["buy", "sell", "mint", "list", "bid", "cancel", "transfer", "call"]

describe("ActionName", () => {
  it.each(names)("accepts the action %s", (name) => {
    expect(Schema.decodeUnknownSync(ActionName)(name)).toBe(name)
  })

  it.each([["buyToken"], ["Buy"], [""], [1], [null]])("refuses %s with a typed issue", (input) => {
    const result = Schema.decodeUnknownResult(ActionName)(input)
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) expect(result.failure._tag).toBe("SchemaError")
  })

  it("names exactly eight actions", () => {
    expect([...ActionName.literals].sort()).toEqual([...names].sort())
  })
})
