import { describe, expect, it } from "@effect/vitest"
import type { Plugin } from "../../../src/plugins/Plugin.js"
import { defaultPlugins, mergePlugins } from "../../../src/plugins/Plugins.js"

const named = (name: string, tag = name): Plugin => ({ name, tag }) as unknown as Plugin

describe("mergePlugins", () => {
  it("keeps the base as it is when nothing is added", () => {
    const base = [named("a"), named("b")]
    expect(mergePlugins(base, undefined)).toBe(base)
    expect(mergePlugins(base, [])).toBe(base)
  })

  it("replaces a base plugin by name in its place, and appends new ones in their order", () => {
    const merged = mergePlugins([named("a"), named("b")], [named("c"), named("a", "mine")])
    expect(merged.map((plugin) => [plugin.name, (plugin as unknown as { tag: string }).tag])).toEqual([
      ["a", "mine"],
      ["b", "b"],
      ["c", "c"],
    ])
  })

  it("the defaults have one plugin per name", () => {
    const names = defaultPlugins.map((plugin) => plugin.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
