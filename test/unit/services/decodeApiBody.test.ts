import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { decodeApiBody, prototypeSafeReviver } from "../../../src/services/decodeApiBody.js"

const Order = Schema.Struct({ id: Schema.String, price: Schema.Number })

describe("prototypeSafeReviver", () => {
  it("drops __proto__, constructor and prototype keys and keeps the rest", () => {
    const parsed = JSON.parse(
      '{"__proto__":{"x":1},"constructor":2,"prototype":3,"kept":{"v":4}}',
      prototypeSafeReviver,
    )
    expect(parsed).toEqual({ kept: { v: 4 } })
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
  })
})

describe("decodeApiBody", () => {
  it.effect("decodes a body of the schema's shape, keeping fields the schema does not name", () =>
    Effect.gen(function* () {
      const decoded = yield* decodeApiBody(Order, "/orders/v1", { id: "o-1", price: 1.5, source: "opensea.io" })
      expect(decoded).toEqual({ id: "o-1", price: 1.5, source: "opensea.io" })
    }),
  )

  it.effect("refuses a body of another shape with a MalformedResponseError naming the endpoint and the issue", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(decodeApiBody(Order, "/orders/v1", { id: 7 }))
      expect(error._tag).toBe("MalformedResponseError")
      expect(error.endpoint).toBe("/orders/v1")
      // every issue at once ("errors: all"): the wrong id and the missing price
      expect(error.issue).toContain('["id"]')
      expect(error.issue).toContain('["price"]')
      expect(error.message).toContain("Malformed response from /orders/v1")
      expect(error.message).toContain(error.issue)
    }),
  )

  it.effect("refuses a body that is not an object", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(decodeApiBody(Order, "/orders/v1", "Bad Gateway"))
      expect(error._tag).toBe("MalformedResponseError")
      expect(error.endpoint).toBe("/orders/v1")
    }),
  )

  it.effect("drops prototype keys of a body that did not come through JSON", () =>
    Effect.gen(function* () {
      const body = { id: "o-1", price: 1, extra: { x: 1 } } as Record<string, unknown>
      Object.defineProperty(body, "__proto__", { value: { polluted: true }, enumerable: true })
      Object.defineProperty(body.extra as object, "constructor", { value: "evil", enumerable: true })
      const decoded = (yield* decodeApiBody(Order, "/orders/v1", body)) as Record<string, unknown>
      expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype)
      expect(Object.hasOwn(decoded, "__proto__")).toBe(false)
      expect(Object.hasOwn(decoded.extra as object, "constructor")).toBe(false)
      expect(decoded.extra).toEqual({ x: 1 })
    }),
  )

  it.effect("refuses a body nested too deeply to copy", () =>
    Effect.gen(function* () {
      let deep: Record<string, unknown> = {}
      for (let depth = 0; depth < 200_000; depth++) deep = { deep }
      const error = yield* Effect.flip(decodeApiBody(Schema.Unknown, "/deep/v1", deep))
      expect(error).toMatchObject({ _tag: "MalformedResponseError", issue: "the body is nested too deeply" })
    }),
  )
})
