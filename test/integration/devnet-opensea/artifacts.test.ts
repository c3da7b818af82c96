import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import * as seaport from "../../../devnet/artifacts/seaport/index.js"
import { hashSeaportSources, seaportArtifactsDir } from "../../../devnet/scripts/compileSeaport.js"

// A fresh compile takes a minute or more (via-IR, Seaport's optimizer settings): only the cheap checks run here.
describe("committed Seaport artifacts", () => {
  it("were built from the installed seaport-core with solc 0.8.24 and Seaport's settings", () => {
    expect(seaport.seaportSourceHash, "run: npx tsx devnet/scripts/compileSeaport.ts").toBe(hashSeaportSources())
  })

  it("agree between the JSON files and index.ts", () => {
    for (const [name, bytecode] of [
      ["Seaport", seaport.seaportBytecode],
      ["ConduitController", seaport.conduitControllerBytecode],
    ] as const) {
      expect(JSON.parse(readFileSync(join(seaportArtifactsDir, `${name}.json`), "utf8")).bytecode, name).toBe(bytecode)
    }
  })
})
