/**
 * What tradekit adds to a real dApp: the fixture page in bench/dapp (Vite + React 19 + wagmi + TanStack Query:
 * connect, the account's balance, a plain send) is built by Vite twice, without tradekit (`base.html`) and
 * with its React entry doing a buy, a listing and a bid over wagmi's connector client (`withTradekit.html`). The
 * figure is the gzip (level 9) of all the JS each build emits, and the difference.
 *
 * By module group (effect, tradekit, viem/ox/abitype, other): every module's rendered code, as Rollup reports
 * it, is minified on its own (esbuild) and the group's share of those minified bytes is applied to the build's
 * gzip size — an estimate, like bench/bundle.ts's breakdown. The added amount of a group is its figure with
 * tradekit minus without.
 *
 * `tsx bench/dappWeight.ts` prints the table; `--markdown` prints it as markdown. bench/bundle.ts includes it in
 * its output and in the size check (`npm run size`).
 */

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import react from "@vitejs/plugin-react"
import { transform } from "esbuild"
import type { OutputChunk, RollupOutput } from "rollup"
import { build } from "vite"

const here = dirname(fileURLToPath(import.meta.url))
const fixture = join(here, "dapp")

/** The module groups of the table, in order. */
export const GROUPS = ["effect", "tradekit", "viem/ox/abitype", "other"] as const
/** A module group of the table. */
export type Group = (typeof GROUPS)[number]

/** One build of the fixture page. */
export interface PageWeight {
  readonly minified: number
  readonly gzip: number
  /** Per group: minified bytes (each module minified alone) and the estimated gzip share. */
  readonly groups: Readonly<Record<Group, { readonly minified: number; readonly gzip: number }>>
}

/** The page without and with tradekit, and what tradekit adds. */
export interface DappWeight {
  readonly base: PageWeight
  readonly withTradekit: PageWeight
  readonly added: { readonly minified: number; readonly gzip: number }
}

const groupOf = (id: string): Group => {
  const nm = id.lastIndexOf("node_modules/")
  if (nm === -1) return /\/src\//.test(id) && !id.includes("/bench/") ? "tradekit" : "other"
  const pkg = id.slice(nm + "node_modules/".length).split("/")[0]!
  if (pkg === "effect") return "effect"
  if (pkg === "viem" || pkg === "ox" || pkg === "abitype" || pkg === "@noble" || pkg === "@scure")
    return "viem/ox/abitype"
  return "other"
}

const buildPage = async (page: "base" | "withTradekit", outDir: string): Promise<PageWeight> => {
  const output = (await build({
    configFile: false,
    root: fixture,
    logLevel: "silent",
    plugins: [react()],
    define: { "process.env.NODE_ENV": '"production"' },
    build: { outDir, emptyOutDir: true, write: false, rollupOptions: { input: join(fixture, `${page}.html`) } },
  })) as RollupOutput | ReadonlyArray<RollupOutput>
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o: RollupOutput) => o.output)
    .filter((file): file is OutputChunk => file.type === "chunk")
  const minifiedByGroup = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<Group, number>
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (module.code === null || module.code === "") continue
      const minified = await transform(module.code, {
        minify: true,
        loader: "js",
        format: "esm",
        logLevel: "silent",
      }).then(
        (r) => r.code.length,
        () => module.code!.length,
      )
      minifiedByGroup[groupOf(id)] += minified
    }
  }
  const minified = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0)
  const gzip = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength, 0)
  const total = Object.values(minifiedByGroup).reduce((a, b) => a + b, 0)
  const groups = Object.fromEntries(
    GROUPS.map((g) => [g, { minified: minifiedByGroup[g], gzip: Math.round((minifiedByGroup[g] / total) * gzip) }]),
  ) as PageWeight["groups"]
  return { minified, gzip, groups }
}

/** Builds the fixture page without and with tradekit. */
export const measureDapp = async (): Promise<DappWeight> => {
  const dir = mkdtempSync(join(tmpdir(), "tradekit-dapp-"))
  try {
    const base = await buildPage("base", join(dir, "base"))
    const withTradekit = await buildPage("withTradekit", join(dir, "withTradekit"))
    return {
      base,
      withTradekit,
      added: { minified: withTradekit.minified - base.minified, gzip: withTradekit.gzip - base.gzip },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The table, as markdown. */
export const dappMarkdown = (weight: DappWeight): string => {
  const { base, withTradekit } = weight
  const lines = [
    "| group | without tradekit: min / ≈ gzip | with tradekit: min / ≈ gzip | added: min / ≈ gzip |",
    "| --- | ---: | ---: | ---: |",
  ]
  for (const g of GROUPS) {
    const a = base.groups[g]
    const b = withTradekit.groups[g]
    lines.push(
      `| ${g} | ${kb(a.minified)} / ${kb(a.gzip)} | ${kb(b.minified)} / ${kb(b.gzip)} | ${kb(b.minified - a.minified)} / ${kb(b.gzip - a.gzip)} |`,
    )
  }
  lines.push(
    `| **all JS** | ${kb(base.minified)} / **${kb(base.gzip)}** | ${kb(withTradekit.minified)} / **${kb(withTradekit.gzip)}** | ${kb(weight.added.minified)} / **${kb(weight.added.gzip)}** |`,
  )
  return lines.join("\n")
}

/** The table, as text. */
export const dappText = (weight: DappWeight): string => {
  const row = (name: string, a: number, b: number, c: number) =>
    `${name.padEnd(18)} ${kb(a).padStart(10)} ${kb(b).padStart(10)} ${kb(c).padStart(10)}`
  const lines = [
    `${"dApp page (gzip)".padEnd(18)} ${"without".padStart(10)} ${"with".padStart(10)} ${"added".padStart(10)}`,
  ]
  for (const g of GROUPS)
    lines.push(
      row(
        g,
        weight.base.groups[g].gzip,
        weight.withTradekit.groups[g].gzip,
        weight.withTradekit.groups[g].gzip - weight.base.groups[g].gzip,
      ),
    )
  lines.push(row("all JS", weight.base.gzip, weight.withTradekit.gzip, weight.added.gzip))
  return lines.join("\n")
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureDapp()
    .then((weight) =>
      process.stdout.write(`${process.argv.includes("--markdown") ? dappMarkdown(weight) : dappText(weight)}\n`),
    )
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exit(1)
    })
}
