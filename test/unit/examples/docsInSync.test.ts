import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8")
const asDocumented = (source: string) =>
  source
    .replaceAll('"../src/index.js"', '"tradekit"')
    .replaceAll('"../src/react/index.js"', '"tradekit/react"')
    .replaceAll('"../../../src/index.js"', '"tradekit"')
    .replaceAll('"../../../src/testing/index.js"', '"tradekit/testing"')
    .trim()

describe("README.md", () => {
  it.each(["examples/effect-compose.ts", "examples/promise.ts", "examples/custom-plugin.ts", "test/unit/examples/testKit.test.ts", "examples/react.tsx"])(
    "shows %s exactly as it is typechecked",
    (path) => {
      expect(read("README.md")).toContain(asDocumented(read(path)))
    },
  )
})
