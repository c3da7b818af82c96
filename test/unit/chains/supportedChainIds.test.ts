import { describe, expect, it } from "@effect/vitest"
import * as chains from "../../../src/chains/index.js"
import { isSupportedChainId, supportedChainIds } from "../../../src/chains/supportedChainIds.js"

describe("supportedChainIds", () => {
  it("lists each chain once, and each has a preset in the chains folder", () => {
    expect(new Set(supportedChainIds).size).toBe(supportedChainIds.length)
    const presetIds = new Set(
      Object.values(chains).flatMap((value) =>
        typeof value === "object" && value !== null && "id" in value ? [(value as { id: number }).id] : [],
      ),
    )
    expect(supportedChainIds.filter((id) => !presetIds.has(id))).toEqual([])
  })

  it("isSupportedChainId answers for the list and nothing else", () => {
    expect(isSupportedChainId(1)).toBe(true)
    expect(isSupportedChainId(8453)).toBe(true)
    expect(isSupportedChainId(31337)).toBe(false)
  })
})
