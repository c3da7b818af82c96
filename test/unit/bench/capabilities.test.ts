import { describe, expect, it } from "vitest"
import { CAPABILITIES, capabilityPage, measureCapabilities } from "../../../bench/capabilities.js"

describe("capabilityPage", () => {
  it("imports and names the capabilities the client has, and none when given none", () => {
    const page = capabilityPage(["simulation", "batching"], "[]")
    expect(page).toContain('import { createClient, simulation, batching } from "tradekit/lite"')
    expect(page).toContain("capabilities: [simulation, batching]")
    expect(capabilityPage([], "[]")).toContain("capabilities: []")
  })
})

describe("measureCapabilities", () => {
  it("weighs each capability by what it adds to the page with none", async () => {
    // A fake bundler: 1000 bytes, plus 100 per capability named (gzip a tenth).
    const bundle = async (source: string) => {
      const named = CAPABILITIES.filter((name) => source.includes(`, ${name}`)).length
      return { minified: 1000 + 100 * named, gzip: 100 + 10 * named }
    }
    const { none, all, weights } = await measureCapabilities(bundle, "[]")
    expect(none).toEqual({ minified: 1000, gzip: 100 })
    expect(all).toEqual({ minified: 1000 + 100 * CAPABILITIES.length, gzip: 100 + 10 * CAPABILITIES.length })
    expect(weights.map((w) => [w.capability, w.minified, w.gzip])).toEqual(
      CAPABILITIES.map((capability) => [capability, 100, 10]),
    )
  })
})
