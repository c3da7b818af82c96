import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import * as artifacts from "../../../devnet/artifacts/index.js"
import { artifactsDir, compile, hashSources, renderIndex } from "../../../devnet/scripts/compile.js"

describe("committed artifacts", () => {
  it("were built from the current sources (cheap hash check)", () => {
    expect(artifacts.sourceHash, "run: npx tsx devnet/scripts/compile.ts").toBe(hashSources())
  })

  it("match a fresh in-memory compile byte for byte", () => {
    const result = compile()
    expect(readFileSync(join(artifactsDir, "index.ts"), "utf8")).toBe(renderIndex(result))
    for (const c of result.contracts) {
      const json = JSON.parse(readFileSync(join(artifactsDir, `${c.name}.json`), "utf8")) as { bytecode: string }
      expect(json.bytecode, c.name).toBe(c.bytecode)
    }
  }, 30_000)
})
