import { describe, expect, it } from "@effect/vitest"
import { deepFreeze } from "../../../../src/pipeline/internal/deepFreeze.js"

describe("deepFreeze", () => {
  it("freezes the value and everything reachable from it, arrays included", () => {
    const snapshot = deepFreeze({ steps: [{ items: [{ status: "incomplete", data: { to: "0x1" } }] }] })
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(Object.isFrozen(snapshot.steps)).toBe(true)
    expect(Object.isFrozen(snapshot.steps[0]!.items[0]!.data)).toBe(true)
    expect(() => {
      ;(snapshot.steps[0]!.items[0]!.data as { to: string }).to = "0xattacker"
    }).toThrow(TypeError)
  })

  it("returns primitives and null as they are, and the same object it was given", () => {
    expect(deepFreeze(3)).toBe(3)
    expect(deepFreeze(null)).toBe(null)
    const value = { a: 1 }
    expect(deepFreeze(value)).toBe(value)
  })

  it("takes a frozen object as frozen all the way down: its parts are not walked again", () => {
    const shared = Object.freeze({ inner: { open: true } })
    deepFreeze({ shared })
    expect(Object.isFrozen(shared.inner)).toBe(false)
  })
})
