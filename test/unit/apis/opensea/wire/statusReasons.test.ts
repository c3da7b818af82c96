/** The wire's status table: each answer's status as the reason the book steers by, and back for the executor. */
import { describe, expect, it } from "@effect/vitest"
import {
  reasonOfRequestError,
  reasonOfStatus,
  statusOfPostError,
  statusOfReason,
} from "../../../../../src/apis/opensea/wire/statusReasons.js"
import {
  APIError,
  HttpRequestError,
  MalformedResponseError,
  OrderPostRefusedError,
  RetryAfterTooLongError,
  UnsafeEndpointError,
} from "../../../../../src/errors/index.js"

describe("reasonOfStatus", () => {
  it("reads each status OpenSea answers as its reason", () => {
    expect(
      [400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503].map((status) => [status, reasonOfStatus(status)]),
    ).toEqual([
      [400, { _tag: "BadRequest" }],
      [401, { _tag: "Refused", statusCode: 401 }],
      [403, { _tag: "Refused", statusCode: 403 }],
      [404, { _tag: "NotFound" }],
      [409, { _tag: "Refused", statusCode: 409 }],
      [410, { _tag: "Gone" }],
      [422, { _tag: "Refused", statusCode: 422 }],
      [429, { _tag: "Throttled" }],
      [500, { _tag: "Unavailable", statusCode: 500 }],
      [502, { _tag: "Unavailable", statusCode: 502 }],
      [503, { _tag: "Unavailable", statusCode: 503 }],
    ])
  })

  it("keeps the wait a throttle asked for", () => {
    expect(reasonOfStatus(429, 7000)).toEqual({ _tag: "Throttled", retryAfterMs: 7000 })
  })
})

describe("reasonOfRequestError", () => {
  it("reads an APIError by its status, an answer that is not JSON as unreadable, anything else as out of reach", () => {
    const endpoint = "/api/v2/x"
    expect(reasonOfRequestError(new APIError({ message: "m", statusCode: 429, retryAfterMs: 2000 }))).toEqual({
      _tag: "Throttled",
      retryAfterMs: 2000,
    })
    expect(reasonOfRequestError(new APIError({ message: "m", statusCode: 410 }))).toEqual({ _tag: "Gone" })
    expect(reasonOfRequestError(MalformedResponseError.of({ endpoint, issue: "not JSON" }))).toEqual({
      _tag: "Unreadable",
    })
    const unreachable = [
      new HttpRequestError({ message: "m", reason: "timeout", endpoint }),
      UnsafeEndpointError.of({ endpoint: "https://elsewhere.test/x", baseApiUrl: "https://os.test" }),
      // A wait longer than tradekit waits is not retried: OpenSea stays out of reach for this request.
      RetryAfterTooLongError.of({ endpoint, statusCode: 429, retryAfterMs: 600_000, maxRetryAfterMs: 60_000 }),
    ]
    expect(unreachable.map((error) => reasonOfRequestError(error)._tag)).toEqual([
      "Unreachable",
      "Unreachable",
      "Unreachable",
    ])
  })
})

describe("statusOfReason", () => {
  it("gives back the status each reason read from an answer came with", () => {
    for (const status of [400, 401, 404, 409, 410, 422, 429, 500, 503]) {
      expect(statusOfReason(reasonOfStatus(status))).toBe(status)
    }
  })

  it("gives the reasons the book finds itself the statuses the executor has always seen", () => {
    expect(
      (["Invalid", "Unreadable", "ChainFailed", "Unreachable", "NotYet"] as const).map((tag) =>
        statusOfReason({ _tag: tag }),
      ),
    ).toEqual([400, 502, 502, 503, 503])
  })
})

describe("statusOfPostError", () => {
  it("an order of a bulk post reports its refusal's status, else 503 (OpenSea out of reach)", () => {
    const endpoint = "/api/v2/orders/ethereum/seaport/listings"
    expect(statusOfPostError(new APIError({ message: "m", statusCode: 400 }))).toBe(400)
    expect(statusOfPostError(new OrderPostRefusedError({ message: "m", statusCode: 429, book: "opensea" }))).toBe(429)
    expect(statusOfPostError(new HttpRequestError({ message: "m", reason: "network", endpoint }))).toBe(503)
    expect(statusOfPostError(MalformedResponseError.of({ endpoint, issue: "not JSON" }))).toBe(503)
  })
})
