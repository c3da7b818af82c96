/** Decoding what OpenSea answers and what the book is asked: another shape is unreadable, or an invalid request. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeAnswer, decodeRequest, decodeWireSync } from "../../../../../src/apis/opensea/wire/decode.js"

const Order = Schema.Struct({ order_hash: Schema.String })

describe("decodeAnswer", () => {
  it.effect(
    "keeps fields the schema does not name; another shape is unreadable, keeping the MalformedResponseError",
    () =>
      Effect.gen(function* () {
        expect(yield* decodeAnswer(Order, "/api/v2/o")({ order_hash: "0x1", more: 2 })).toEqual({
          order_hash: "0x1",
          more: 2,
        })
        const error = yield* Effect.flip(decodeAnswer(Order, "/api/v2/o")({ order_hash: 1 }))
        expect([error.reason._tag, error.requestError?._tag]).toEqual(["Unreadable", "MalformedResponseError"])
        expect(error.requestError?._tag === "MalformedResponseError" && error.requestError.endpoint).toBe("/api/v2/o")
      }),
  )
})

describe("decodeRequest", () => {
  it.effect("a request of another shape is the caller's: an invalid request, no request error", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(decodeRequest(Order, { order_hash: null }))
      expect(error.reason._tag).toBe("Invalid")
      expect(error.requestError).toBeUndefined()
      expect(error.message).toMatch(/^The request does not have the shape OpenSea's book reads: /)
    }),
  )
})

describe("decodeWireSync", () => {
  it("answers a Result: the value, or the unreadable error naming what OpenSea sent", () => {
    const decode = decodeWireSync(Order, "an order")
    expect(Result.getOrThrow(decode({ order_hash: "0x1" }))).toEqual({ order_hash: "0x1" })
    const failed = decode([])
    expect(Result.isFailure(failed) && [failed.failure.reason._tag, failed.failure.message.split(":")[0]]).toEqual([
      "Unreadable",
      "OpenSea sent an order tradekit cannot read",
    ])
  })
})
