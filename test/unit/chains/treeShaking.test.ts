import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const src = join(root, "src")
const chainsDir = join(src, "chains")

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : []
  })

const presetModules = readdirSync(chainsDir)
  .filter((name) => name.endsWith(".ts"))
  .filter((name) => /export const \w+: ChainPreset = /.test(readFileSync(join(chainsDir, name), "utf8")))
  .map((name) => name.replace(/\.ts$/, ""))

describe("tree-shaking", () => {
  it("no source file imports every viem chain at once", () => {
    const offenders = sourceFiles(src).filter((file) =>
      /import\s+\*\s+as\s+\w+\s+from\s+["']viem\/chains["']|export\s+\*\s+from\s+["']viem\/chains["']/.test(
        readFileSync(file, "utf8"),
      ),
    )
    expect(offenders.map((file) => relative(root, file))).toEqual([])
  })

  it("keeps one preset per module, and only the aggregate modules import them all", () => {
    // reservoir-sdk's 30, and the 8 added since its hosted API shut down.
    expect(presetModules).toHaveLength(38)
    const importers = sourceFiles(src).filter((file) => {
      const text = readFileSync(file, "utf8")
      const imported = presetModules.filter((name) => new RegExp(`from ["']\\./${name}\\.js["']`).test(text))
      return imported.length > 1
    })
    expect(importers.map((file) => relative(root, file)).sort()).toEqual([
      "src/chains/index.ts",
      "src/chains/reservoirChains.ts",
    ])
  })

  it("marks every preset and chain definition as pure", () => {
    for (const name of presetModules) {
      const text = readFileSync(join(chainsDir, `${name}.ts`), "utf8")
      expect(text).toMatch(/= \/\*#__PURE__\*\/ definePreset\(/)
      if (text.includes("defineChain(")) expect(text).toMatch(/= \/\*#__PURE__\*\/ defineChain\(/)
    }
  })
})
