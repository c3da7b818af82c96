import { describe, expect, it } from "@effect/vitest"
import { parseApiBody } from "../../../../src/services/internal/parseApiBody.js"

describe("parseApiBody", () => {
  it("parses a JSON answer", () => {
    expect(parseApiBody('{"orders":[{"id":"1","price":2.5}]}')).toEqual({ orders: [{ id: "1", price: 2.5 }] })
    expect(parseApiBody("[1,2]")).toEqual([1, 2])
    expect(parseApiBody("true")).toBe(true)
  })

  it("answers null for an empty body", () => {
    expect(parseApiBody("")).toBeNull()
  })

  it("answers the text itself when it is not JSON", () => {
    expect(parseApiBody("Bad Gateway")).toBe("Bad Gateway")
    expect(parseApiBody('{"truncated":')).toBe('{"truncated":')
  })

  it("drops keys that could reach a prototype, at any depth", () => {
    const parsed = parseApiBody('{"a":1,"__proto__":{"polluted":true},"nested":{"constructor":{"x":1},"prototype":2}}')
    expect(parsed).toEqual({ a: 1, nested: {} })
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("drops a prototype key spelled with \\u escapes", () => {
    const parsed = parseApiBody('{"\\u005f_proto__":{"polluted":true},"\\u0063onstructor":1,"ok":"\\u0041"}')
    expect(parsed).toEqual({ ok: "A" })
    expect(Object.hasOwn(parsed as object, "__proto__")).toBe(false)
  })

  it("keeps a prototype word that is a value, not a key", () => {
    expect(parseApiBody('{"kind":"constructor","note":"__proto__"}')).toEqual({
      kind: "constructor",
      note: "__proto__",
    })
  })
})
