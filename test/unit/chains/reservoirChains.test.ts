import { describe, expect, it } from "@effect/vitest"
import { reservoirChains as sdkChains } from "@reservoir0x/reservoir-sdk"
import { reservoirChains } from "../../../src/chains/reservoirChains.js"

describe("reservoirChains", () => {
  it("has reservoir-sdk 2.0.x's keys, each the same chain id as the SDK's preset of that name", () => {
    const sdk = sdkChains as unknown as Record<string, { readonly id: number }>
    expect(Object.keys(sdk).length).toBeGreaterThan(10)
    for (const [name, chain] of Object.entries(sdk)) {
      expect(reservoirChains, name).toHaveProperty(name)
      expect((reservoirChains as Record<string, { readonly id: number }>)[name]!.id, name).toBe(chain.id)
    }
  })

  it("holds frozen presets, each under one key", () => {
    const presets = Object.values(reservoirChains)
    expect(new Set(presets.map((preset) => preset.id)).size).toBe(presets.length)
    for (const preset of presets) expect(Object.isFrozen(preset)).toBe(true)
  })
})
