import { describe, expect, it } from "@effect/vitest"
import { withUnknownFields } from "../../../src/internal/withUnknownFields.js"

describe("withUnknownFields", () => {
  it("puts back the fields the schema did not name, first, in every object the two share", () => {
    const input = { extra: 1, steps: [{ id: "a", note: "kept" }], known: "raw" }
    const decoded = { steps: [{ id: "a" }], known: "decoded" }
    const merged = withUnknownFields(input, decoded) as Record<string, unknown>
    expect(merged).toEqual({ extra: 1, steps: [{ note: "kept", id: "a" }], known: "decoded" })
    expect(Object.keys(merged)).toEqual(["extra", "steps", "known"])
  })

  it("a decoded value always wins, and arrays of another length are the decoded ones", () => {
    expect(withUnknownFields({ a: 1 }, { a: 2 })).toEqual({ a: 2 })
    expect(withUnknownFields([{ x: 1 }, { x: 2 }], [{}])).toEqual([{}])
  })

  it("passes the same reference through untouched, and leaves non-plain objects as decoded", () => {
    const same = { a: 1 }
    expect(withUnknownFields(same, same)).toBe(same)
    const date = new Date(0)
    expect(withUnknownFields({ extra: 1 }, date)).toBe(date)
  })

  it("a `__proto__` key in the input is put back as an own field, never as a prototype", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true}}')
    const merged = withUnknownFields(input, {}) as Record<string, unknown>
    expect(Object.hasOwn(merged, "__proto__")).toBe(true)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined()
  })
})
