/** The reasons of an OpenSeaError as a schema: each one as the book writes it, nothing else. */
import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import { OpenSeaReason } from "../../../../../src/apis/opensea/book/OpenSeaReason.js"

describe("OpenSeaReason", () => {
  const isReason = Schema.is(OpenSeaReason)

  it("holds each reason with the facts it carries", () => {
    expect(
      [
        { _tag: "NotFound" },
        { _tag: "Throttled", retryAfterMs: 2000 },
        { _tag: "Throttled" },
        { _tag: "Refused", statusCode: 409 },
        { _tag: "Unavailable", statusCode: 503 },
        OpenSeaError.failedCheck("price", "Too dear").reason,
        OpenSeaError.unsupported("`source`", "none").reason,
        OpenSeaError.misconfigured(1, "add it").reason,
      ].map((reason) => isReason(reason)),
    ).toEqual([true, true, true, true, true, true, true, true])
  })

  it("refuses a reason it does not name, and one without the facts it needs", () => {
    expect(
      [
        { _tag: "Teapot" },
        { _tag: "Refused" },
        { _tag: "Throttled", retryAfterMs: "2s" },
        { _tag: "CheckFailed", error: { message: "not an OrderCheckError" } },
      ].map((reason) => isReason(reason)),
    ).toEqual([false, false, false, false])
  })
})
