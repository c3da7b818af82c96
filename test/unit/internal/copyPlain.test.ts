import { describe, expect, it } from "@effect/vitest"
import { copyPlain, PROTOTYPE_KEYS } from "../../../src/internal/copyPlain.js"
import { withUnknownFields } from "../../../src/internal/withUnknownFields.js"

describe("copyPlain", () => {
  it("copies arrays and plain objects deeply, unfrozen, keeping shape and key order", () => {
    const input = Object.freeze({ b: 1, a: Object.freeze([Object.freeze({ x: "1", y: undefined })]), c: null })
    const copy = copyPlain(input, {}) as typeof input
    expect(copy).toStrictEqual(input)
    expect(Object.keys(copy)).toEqual(["b", "a", "c"])
    expect(copy.a).not.toBe(input.a)
    expect(copy.a[0]).not.toBe(input.a[0])
    expect(Object.isFrozen(copy) || Object.isFrozen(copy.a) || Object.isFrozen(copy.a[0])).toBe(false)
    expect(Object.hasOwn(copy.a[0]!, "y")).toBe(true)
  })

  it("keeps an own __proto__ key as a key, never as the copy's prototype", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"ok":1}') as Record<string, unknown>
    const copy = copyPlain(input, {}) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.hasOwn(copy, "__proto__")).toBe(true)
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
    expect(copyPlain(input, { dropKeys: PROTOTYPE_KEYS })).toStrictEqual({ ok: 1 })
  })

  it("defines a key that Object.prototype carries an accessor for, without running it", () => {
    let setterRuns = 0
    Object.defineProperty(Object.prototype, "pollutedKey", {
      configurable: true,
      get: () => "from the prototype",
      set: () => {
        setterRuns++
      },
    })
    try {
      const copy = copyPlain(JSON.parse('{"pollutedKey":"own"}'), {}) as Record<string, unknown>
      const merged = withUnknownFields(JSON.parse('{"pollutedKey":"own","id":"a"}'), { id: "a" }) as Record<
        string,
        unknown
      >
      expect(Object.getOwnPropertyDescriptor(copy, "pollutedKey")?.value).toBe("own")
      expect(Object.getOwnPropertyDescriptor(merged, "pollutedKey")?.value).toBe("own")
      expect(setterRuns).toBe(0)
    } finally {
      delete (Object.prototype as Record<string, unknown>).pollutedKey
    }
  })

  it("keeps other objects as they are, or hands them to `other`", () => {
    const date = new Date(0)
    expect((copyPlain({ date }, {}) as { date: Date }).date).toBe(date)
    const cloned = (copyPlain({ date }, { other: structuredClone }) as { date: Date }).date
    expect(cloned).not.toBe(date)
    expect(cloned.getTime()).toBe(0)
  })

  it("copies a shared object once and a cycle as a cycle", () => {
    const shared = { n: 1 }
    const cyclic: Record<string, unknown> = { shared, again: shared }
    cyclic.self = cyclic
    const copy = copyPlain(cyclic, {}) as Record<string, unknown>
    expect(copy.self).toBe(copy)
    expect(copy.shared).toBe(copy.again)
    expect(copy.shared).not.toBe(shared)
  })
})
