import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import type { TransportResponse } from "../../../../src/services/HttpTransport.js"
import { TransportError } from "../../../../src/services/HttpTransport.js"
import {
  type AnswerReader,
  apiRequestErrorOf,
  networkErrorOf,
  RESERVOIR_ANSWERS,
} from "../../../../src/services/internal/apiRequestErrorOf.js"

const answer = (status: number, body: string, headers: Record<string, string> = {}): TransportResponse => ({
  status,
  headers,
  body,
})

const refusalOf = (response: TransportResponse, reader?: AnswerReader) =>
  Effect.flip(apiRequestErrorOf("/execute/buy/v7", response, reader))

describe("apiRequestErrorOf", () => {
  it.effect("takes the body's message and status code for an APIError, with the body as rawError", () =>
    Effect.gen(function* () {
      const error = yield* refusalOf(answer(400, '{"message":"Order is not fillable","statusCode":410}'))
      expect(error).toMatchObject({
        _tag: "APIError",
        message: "Order is not fillable",
        statusCode: 410,
        endpoint: "/execute/buy/v7",
        rawError: { message: "Order is not fillable", statusCode: 410 },
      })
    }),
  )

  it.effect("falls back to the body's error, then its text, then the status", () =>
    Effect.gen(function* () {
      expect((yield* refusalOf(answer(429, '{"error":"Too Many Requests"}'))).message).toBe("Too Many Requests")
      const both = yield* refusalOf(answer(400, '{"error":"Bad Request","message":"Token is not listed"}'))
      expect(both.message).toBe("Token is not listed")
      const text = yield* refusalOf(answer(502, "Bad Gateway"))
      expect(text).toMatchObject({ _tag: "APIError", message: "Bad Gateway", statusCode: 502 })
      const empty = yield* refusalOf(answer(503, ""))
      expect(empty).toMatchObject({ message: "Request failed with status code 503", statusCode: 503, rawError: null })
      const numbers = yield* refusalOf(answer(500, '{"message":42}'))
      expect(numbers.message).toBe("Request failed with status code 500")
    }),
  )

  it.effect("reads Retry-After in seconds, or as a date against the clock", () =>
    Effect.gen(function* () {
      const seconds = yield* refusalOf(answer(429, "", { "retry-after": "3" }))
      expect(seconds).toMatchObject({ _tag: "APIError", retryAfterMs: 3000 })
      yield* TestClock.setTime(Date.parse("2026-01-01T00:00:00Z"))
      const date = yield* refusalOf(answer(503, "", { "retry-after": "Thu, 01 Jan 2026 00:00:10 GMT" }))
      expect(date).toMatchObject({ retryAfterMs: 10_000 })
      const none = yield* refusalOf(answer(503, ""))
      expect("retryAfterMs" in none).toBe(false)
    }),
  )

  it.effect("refuses a redirect it did not follow, opaque ones included, with an HttpRequestError", () =>
    Effect.gen(function* () {
      for (const status of [0, 301, 302, 307, 308]) {
        const error = yield* refusalOf(answer(status, "", { location: "https://elsewhere.example/" }))
        expect(error).toMatchObject({
          _tag: "HttpRequestError",
          reason: "redirect",
          endpoint: "/execute/buy/v7",
          message: `Refused a redirect away from the API (status code ${status})`,
        })
      }
    }),
  )

  it.effect("words a refusal with another reader, naming its book", () =>
    Effect.gen(function* () {
      const reader: AnswerReader = {
        book: "opensea",
        parse: (text) => ({ raw: text }),
        refusal: (body, status) => ({
          message: `OpenSea said ${JSON.stringify(body)}`,
          statusCode: status,
          retryAfterMs: 5,
        }),
      }
      const error = yield* refusalOf(answer(400, "nope"), reader)
      expect(error).toMatchObject({
        _tag: "APIError",
        book: "opensea",
        message: 'OpenSea said {"raw":"nope"}',
        statusCode: 400,
        rawError: { raw: "nope" },
        retryAfterMs: 5,
      })
    }),
  )

  it("the Reservoir reader names no book", () => {
    expect(RESERVOIR_ANSWERS.book).toBeUndefined()
  })
})

describe("networkErrorOf", () => {
  it("is a network HttpRequestError whose cause says what failed, without the request", () => {
    const request = { headers: { "x-api-key": "secret-key" } }
    const error = networkErrorOf("/orders/v1", new TransportError("TransportError", { request }, "ECONNREFUSED"))
    expect(error).toMatchObject({ _tag: "HttpRequestError", reason: "network", endpoint: "/orders/v1" })
    expect(error.message).toBe("Network Error")
    expect(error.cause).toEqual({ _tag: "TransportError", description: "ECONNREFUSED", cause: { request } })
    expect(Object.keys(error.cause as object)).not.toContain("request")
  })

  it("leaves out a description the transport did not give", () => {
    const error = networkErrorOf("/orders/v1", new TransportError("DecodeError", "body stream closed"))
    expect(error.cause).toEqual({ _tag: "DecodeError", cause: "body stream closed" })
  })
})
