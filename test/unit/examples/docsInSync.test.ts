import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8")
const asDocumented = (source: string) =>
  source
    .replaceAll('"../src/index.js"', '"tradekit"')
    .replaceAll('"../src/react/index.js"', '"tradekit/react"')
    .replaceAll('"../src/lite/index.js"', '"tradekit/lite"')
    .replaceAll('"../src/proxy/index.js"', '"tradekit/proxy"')
    .replaceAll('"../src/apis/opensea/index.js"', '"tradekit/opensea"')
    .replaceAll('"../devnet/index.js"', '"tradekit/devnet"')
    .replaceAll('"../../../src/index.js"', '"tradekit"')
    .replaceAll('"../../../src/testing/index.js"', '"tradekit/testing"')
    .replaceAll('"../../../devnet/index.js"', '"tradekit/devnet"')
    .replaceAll('"../../../src/apis/opensea/index.js"', '"tradekit/opensea"')
    .trim()

/** The example files the README quotes whole: every file of `examples/`, and the test-kit test. */
const wholeExamples = [
  ...readdirSync(new URL("../../../examples/", import.meta.url))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `examples/${name}`),
  "test/unit/examples/testKit.test.ts",
]
/** Every file a README block may be quoted from; each is typechecked by `tsc -p tsconfig.json` or run by vitest. */
const checkedFiles = [...wholeExamples, "test/unit/examples/devnet.ts"]

/** The fenced blocks of a Markdown text, with their language. */
const blocksOf = (markdown: string) =>
  [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, language, code]) => ({
    language: language ?? "",
    code: (code ?? "").trim(),
  }))

describe("README.md", () => {
  const readme = read("README.md")
  const blocks = blocksOf(readme)

  it.each(wholeExamples)("shows %s exactly as it is typechecked", (path) => {
    expect(readme).toContain(asDocumented(read(path)))
  })

  it("has code blocks, and every TypeScript block is quoted from a checked file", () => {
    const code = blocks.filter((block) => block.language === "ts" || block.language === "tsx")
    expect(code.length).toBeGreaterThanOrEqual(6)
    const sources = checkedFiles.map((path) => asDocumented(read(path)))
    const unchecked = code.filter((block) => !sources.some((source) => source.includes(block.code)))
    expect(unchecked.map((block) => block.code.split("\n")[0])).toEqual([])
  })

  it("shows only TypeScript, shell and diff blocks, and the migration diff's new lines are checked code", () => {
    expect([...new Set(blocks.map((block) => block.language))].sort()).toEqual(["diff", "sh", "ts", "tsx"])
    const sources = checkedFiles.map((path) => asDocumented(read(path)))
    const added = blocks
      .filter((block) => block.language === "diff")
      .flatMap((block) => block.code.split("\n"))
      .filter((line) => line.startsWith("+"))
      .map((line) => line.slice(1))
    expect(added.length).toBeGreaterThan(0)
    for (const line of added) expect(sources.some((source) => source.includes(line))).toBe(true)
  })

  it("quotes only files that the type check covers", () => {
    const include = (JSON.parse(read("tsconfig.json")) as { include: ReadonlyArray<string> }).include
    for (const path of checkedFiles) expect(include).toContain(path.split("/")[0])
  })
})
