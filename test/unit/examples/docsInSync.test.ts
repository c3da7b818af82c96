import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8")
const asDocumented = (source: string) =>
  source
    .replaceAll('"../src/index.js"', '"tradekit"')
    .replaceAll('"../../../src/index.js"', '"tradekit"')
    .replaceAll('"../../../src/testing/index.js"', '"tradekit/testing"')
    .trim()

describe("docs/README-actions.md", () => {
  it.each(["examples/effect-compose.ts", "examples/promise.ts", "examples/custom-plugin.ts", "test/unit/examples/testKit.test.ts"])(
    "shows %s exactly as it is typechecked",
    (path) => {
      expect(read("docs/README-actions.md")).toContain(asDocumented(read(path)))
    },
  )
})
