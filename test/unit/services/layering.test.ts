import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const src = join(root, "src")

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })

// Every relative import of a file, as a path under src/ (`pipeline/pollUntil.js`).
const importsOf = (file: string): ReadonlyArray<string> =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    relative(src, resolve(dirname(file), match[1]!)),
  )

// The folders below the executor, and the folders above them they must never reach into.
const lower = ["services", "schema", "chains", "errors", "polling"]
const upper = ["pipeline", "actions", "plugins", "client", "react", "testing"]

describe("layering", () => {
  it.each(lower)("nothing in src/%s imports from the executor or above it", (folder) => {
    const upward = sourceFiles(join(src, folder)).flatMap((file) =>
      importsOf(file)
        .filter((target) => upper.some((up) => target.startsWith(`${up}/`)))
        .map((target) => `${relative(root, file)} -> ${target}`),
    )
    expect(upward).toEqual([])
  })
})
