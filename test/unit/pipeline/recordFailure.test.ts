import { describe, expect, it } from "@effect/vitest"
import { APIError } from "../../../src/errors/index.js"
import { errorDataOf, errorTagOf } from "../../../src/pipeline/recordFailure.js"

describe("errorTagOf", () => {
  it("names a tagged error by its tag, anything else as UnknownError", () => {
    expect(errorTagOf(new APIError({ message: "m", statusCode: 500 }))).toBe("APIError")
    for (const value of [new Error("plain"), "text", null, undefined]) expect(errorTagOf(value)).toBe("UnknownError")
  })
})

describe("errorDataOf", () => {
  it("is the error's own data when it carries some, else the API's raw body", () => {
    expect(errorDataOf({ errorData: { expected: 1 }, rawError: "no" })).toEqual({ expected: 1 })
    expect(errorDataOf(new APIError({ message: "m", statusCode: 400, rawError: { error: "bad" } }))).toEqual({
      error: "bad",
    })
  })

  it("is the tag and message otherwise: one shape for every failure", () => {
    expect(errorDataOf(new APIError({ message: "down", statusCode: 503 }))).toEqual({
      _tag: "APIError",
      message: "down",
    })
    expect(errorDataOf("text")).toEqual({ _tag: "UnknownError", message: "text" })
  })
})
