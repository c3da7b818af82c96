/** The book's edge: an OpenSeaError as the exact public error the executor has always received. */
import { describe, expect, it } from "@effect/vitest"
import { errorOf, requestErrorOf } from "../../../../../src/apis/opensea/book/edgeError.js"
import { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import { requestFailure } from "../../../../../src/apis/opensea/wire/OpenSeaClient.js"
import { APIError, HttpRequestError } from "../../../../../src/errors/index.js"

const endpoint = "opensea:buy"

describe("errorOf", () => {
  it("hands on a failed request's own error unchanged", () => {
    const refused = new APIError({ message: "Slow down", statusCode: 429, retryAfterMs: 1500, book: "opensea" })
    const down = new HttpRequestError({ message: "fetch failed", reason: "network", endpoint: "/api/v2/x" })
    expect(errorOf(requestFailure(refused), endpoint)).toBe(refused)
    expect(errorOf(requestFailure(down), endpoint)).toBe(down)
    expect(requestErrorOf(requestFailure(down), endpoint)).toBe(down)
  })

  it("hands on a check's, an unsupported option's and a missing setting's public error", () => {
    const check = OpenSeaError.failedCheck("price", "Too dear")
    const unsupported = OpenSeaError.unsupported("`source`", "no source")
    const misconfigured = OpenSeaError.misconfigured(1, "add it")
    expect(errorOf(check, endpoint)).toBe(check.reason._tag === "CheckFailed" ? check.reason.error : undefined)
    expect(errorOf(unsupported, endpoint)._tag).toBe("UnsupportedByBookError")
    expect(errorOf(misconfigured, endpoint)._tag).toBe("BookConfigurationError")
  })

  it("else an APIError of the book with its reason's status and its message", () => {
    const cases = [
      [OpenSeaError.invalid("not an order id"), 400],
      [OpenSeaError.notFound("no collection"), 404],
      [OpenSeaError.gone("filled"), 410],
      [OpenSeaError.unreadable("no list"), 502],
      [OpenSeaError.notYet("no receipt"), 503],
    ] as const
    for (const [error, statusCode] of cases) {
      expect(errorOf(error, endpoint)).toEqual(
        new APIError({ message: error.message, statusCode, endpoint, book: "opensea" }),
      )
    }
  })
})

describe("requestErrorOf", () => {
  it("makes a check's failure of a request an APIError (422), as a post reports it", () => {
    const error = requestErrorOf(OpenSeaError.failedCheck("order", "Not the order"), "/api/v2/offers")
    expect(error._tag === "APIError" && [error.statusCode, error.endpoint, error.book]).toEqual([
      422,
      "/api/v2/offers",
      "opensea",
    ])
  })
})
