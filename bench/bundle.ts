/**
 * Bundle budget: what a browser page pays, in gzip bytes, for tradekit and for @reservoir0x/reservoir-sdk
 * 2.0.11. Each entry is bundled by esbuild (bundle, minify, platform browser, format esm), with viem external
 * and with viem included, then gzipped (node:zlib, level 9). The breakdown groups the metafile's inputs by
 * package (Effect core, Effect Schema, Effect's http client and socket, viem, tradekit's own folders, ...); a group's gzip
 * share is its share of the minified output applied to the gzip size, an estimate.
 *
 * It also builds the dApp page of bench/dappWeight.ts (Vite + React + wagmi + TanStack Query, without and with
 * tradekit's React entry) and checks what tradekit adds to it, in gzip bytes, like the pages above.
 *
 * `tsx bench/bundle.ts` prints the table; `--markdown` prints the tables as markdown (for bench/RESULTS.md);
 * `--check` (npm run size) compares every tradekit size with bench/budget.json: it fails on a regression, a
 * size more than `tolerance` (1 KB, issue 37) over the recorded figure, and prints each stated target as met or
 * "MISSED target"; `--write-budget` records the measured sizes as the new figures (the targets stay).
 *
 * It also measures what each optional capability adds to a `tradekit/lite` buy page (bench/capabilities.ts), and
 * checks each cost like a page.
 *
 * Why a missed target does not fail the exit code: the issue-37 targets (facade with every action ≤ 72.6 KB, an
 * Effect API buy ≤ 55 KB, added to the dApp ≤ 60 KB) may be missed, and failing on them would block every landing,
 * including the ones that shrink the bundle. The regression limit is what guards CI meanwhile; once the
 * targets are met, `--enforce-targets` (or recording figures under the targets) makes a miss fail as well.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { build, type Metafile } from "esbuild"
import { type CapabilityWeights, capabilityKey, capabilityMarkdown, measureCapabilities } from "./capabilities.js"
import { type DappWeight, dappMarkdown, dappText, measureDapp } from "./dappWeight.js"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const budgetFile = join(root, "bench", "budget.json")

const wallet = "declare const wallet: any"
const chains = `[{ id: 1, name: "Ethereum", baseApiUrl: "https://api.reservoir.tools", active: true, checkPollingInterval: 1000 }]`

/** A page with the facade of `entry` and every action it has. */
const allActionsFacade = (entry: "tradekit" | "tradekit/lite") => `import { createClient } from "${entry}"
${wallet}
const client = createClient({ chains: ${chains} })
const { actions } = client
export const all = [actions.buyToken, actions.acceptOffer, actions.mintToken, actions.listToken, actions.placeBid, actions.cancelOrder, actions.transferTokens, actions.call, client.resume]
actions.buyToken({ items: [], wallet })`

/** A page with one buy through the Effect API of `entry`. */
const effectBuy = (entry: "tradekit" | "tradekit/lite") => `import { buy, Tradekit, walletLayer } from "${entry}"
import * as Effect from "effect/Effect"
${wallet}
Effect.runPromise(buy({ items: [{ token: "0x0000000000000000000000000000000000000001:1" }] }).pipe(Effect.provide(Tradekit.layer({ chains: ${chains} })), Effect.provide(walletLayer(wallet))))`

/** The pages measured: what an app imports and calls. */
const entries = {
  "tradekit: buy only (facade)": `import { createClient } from "tradekit"
${wallet}
const client = createClient({ chains: ${chains} })
client.actions.buyToken({ items: [{ token: "0x0000000000000000000000000000000000000001:1" }], wallet })`,
  "tradekit: all actions (facade)": allActionsFacade("tradekit"),
  "tradekit: buy only (Effect API)": effectBuy("tradekit"),
  "tradekit/lite: all actions (facade)": allActionsFacade("tradekit/lite"),
  "tradekit/lite: buy only (Effect API)": effectBuy("tradekit/lite"),
  "reservoir-sdk: buy only": `import { createClient, getClient } from "@reservoir0x/reservoir-sdk"
${wallet}
createClient({ chains: ${chains} })
getClient().actions.buyToken({ items: [{ token: "0x0000000000000000000000000000000000000001:1" }], wallet, onProgress: () => {} })`,
  "reservoir-sdk: all actions": `import { createClient, getClient } from "@reservoir0x/reservoir-sdk"
${wallet}
createClient({ chains: ${chains} })
const { actions } = getClient()
export const all = [actions.buyToken, actions.acceptOffer, actions.mintToken, actions.listToken, actions.placeBid, actions.cancelOrder, actions.transferTokens, actions.call]
actions.buyToken({ items: [], wallet, onProgress: () => {} })`,
} as const
type EntryName = keyof typeof entries

interface Measurement {
  readonly entry: EntryName
  readonly viem: "external" | "included"
  readonly minified: number
  readonly gzip: number
  readonly groups: ReadonlyArray<{ readonly group: string; readonly minified: number; readonly gzip: number }>
}

/** The group an input file of the bundle belongs to. */
const groupOf = (path: string): string => {
  const nm = path.lastIndexOf("node_modules/")
  if (nm === -1) {
    const src = /(?:^|\/)src\/([^/]+)/.exec(path)
    return src === null ? "(entry)" : `tradekit src/${src[1]!.replace(/\.ts$/, ".ts")}`
  }
  const rest = path.slice(nm + "node_modules/".length)
  const parts = rest.split("/")
  const pkg = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!
  if (pkg === "effect") {
    if (/Schema|internal\/schema/.test(rest)) return "effect: Schema"
    if (/\/socket\//.test(rest)) return "effect: socket"
    if (/\/http\//.test(rest)) return "effect: http client & co"
    return "effect: core"
  }
  if (pkg === "viem") return /\/chains\//.test(rest) ? "viem: chains" : "viem"
  return pkg
}

/** One page bundled as a browser app bundles it: its output's sizes and the metafile's inputs. */
export const bundlePage = async (source: string, viem: "external" | "included", file: string) => {
  writeFileSync(file, source)
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    alias: { "tradekit/lite": join(root, "src/lite/index.ts"), tradekit: join(root, "src/index.ts") },
    nodePaths: [join(root, "node_modules")],
    external: viem === "external" ? ["viem", "viem/*"] : [],
    define: { "process.env.NODE_ENV": '"production"' },
  })
  const output = result.outputFiles[0]!.contents
  const meta: Metafile = result.metafile
  return {
    minified: output.byteLength,
    gzip: gzipSync(output, { level: 9 }).byteLength,
    inputs: Object.values(meta.outputs)[0]!.inputs,
  }
}

const measure = async (entry: EntryName, viem: "external" | "included", dir: string): Promise<Measurement> => {
  const file = join(dir, `entry-${Object.keys(entries).indexOf(entry)}.ts`)
  const { minified, gzip, inputs } = await bundlePage(entries[entry], viem, file)
  const byGroup = new Map<string, number>()
  for (const [path, { bytesInOutput }] of Object.entries(inputs))
    byGroup.set(groupOf(path), (byGroup.get(groupOf(path)) ?? 0) + bytesInOutput)
  const total = [...byGroup.values()].reduce((a, b) => a + b, 0)
  const groups = [...byGroup]
    .map(([group, bytes]) => ({ group, minified: bytes, gzip: Math.round((bytes / total) * gzip) }))
    .sort((a, b) => b.minified - a.minified)
  return { entry, viem, minified, gzip, groups }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Every entry, with viem external and included, and what each capability adds to a lite buy page. */
export interface Measurements {
  readonly results: ReadonlyArray<Measurement>
  readonly capabilities: CapabilityWeights
}

/** Measures every entry, with viem external and included, and each capability by naming it. */
export const measureAll = async (): Promise<Measurements> => {
  // The pages are written inside the repository, so their own imports (`effect/Effect`) resolve to the same copy
  // as tradekit's: a folder under the system's temp dir resolves them through any `node_modules` above it first.
  const dir = mkdtempSync(join(root, "node_modules", ".tradekit-bundle-"))
  try {
    const results: Measurement[] = []
    for (const entry of Object.keys(entries) as EntryName[]) {
      for (const viem of ["external", "included"] as const) results.push(await measure(entry, viem, dir))
    }
    const capabilities = await measureCapabilities(
      (source, name) => bundlePage(source, "external", join(dir, `${name}.ts`)),
      chains,
    )
    return { results, capabilities }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const budgetKey = (m: Measurement) => `${m.entry} / viem ${m.viem}`

/** The budget key of what tradekit adds to the dApp page. */
const DAPP_KEY = "dApp page (Vite + React + wagmi + TanStack Query): added by tradekit's React entry"

/** A checked figure: its budget key and its gzip bytes. */
export interface Figure {
  readonly key: string
  readonly gzip: number
}

/** The figures the budget holds: every tradekit page, and what tradekit adds to the dApp page. */
export const figures = ({ results, capabilities }: Measurements, dapp: DappWeight): ReadonlyArray<Figure> => [
  ...results.filter((m) => m.entry.startsWith("tradekit")).map((m) => ({ key: budgetKey(m), gzip: m.gzip })),
  ...capabilities.weights.map((w) => ({ key: capabilityKey(w.capability), gzip: w.gzip })),
  { key: DAPP_KEY, gzip: dapp.added.gzip },
]

/** The tables, as markdown. */
export const markdown = ({ results, capabilities }: Measurements, dapp: DappWeight): string => {
  const lines = ["| page | viem | minified | gzip |", "| --- | --- | ---: | ---: |"]
  for (const m of results) lines.push(`| ${m.entry} | ${m.viem} | ${kb(m.minified)} | **${kb(m.gzip)}** |`)
  for (const entry of ["tradekit: all actions (facade)", "reservoir-sdk: all actions"] as const) {
    const m = results.find((r) => r.entry === entry && r.viem === "external")!
    lines.push(
      "",
      `Breakdown of "${entry}", viem external (gzip share estimated from the minified bytes):`,
      "",
      "| group | minified | ≈ gzip |",
      "| --- | ---: | ---: |",
    )
    for (const g of m.groups.filter((g) => g.minified >= 200))
      lines.push(`| ${g.group} | ${kb(g.minified)} | ${kb(g.gzip)} |`)
    const small = m.groups.filter((g) => g.minified < 200)
    if (small.length > 0)
      lines.push(
        `| ${small.length} smaller groups | ${kb(small.reduce((a, g) => a + g.minified, 0))} | ${kb(small.reduce((a, g) => a + g.gzip, 0))} |`,
      )
  }
  lines.push(
    "",
    "What each optional capability adds to a page (issue 37): a `tradekit/lite` buy, with no capability, " +
      "with each alone, and with every one; measured by naming it, so the figure is what a page pays for it:",
    "",
    capabilityMarkdown(capabilities),
  )
  lines.push(
    "",
    "What tradekit adds to a dApp page (bench/dapp, built by Vite without and with tradekit's React entry doing a buy, a listing and a bid; all JS, gzip; groups estimated from each module minified alone):",
    "",
    dappMarkdown(dapp),
  )
  return lines.join("\n")
}

/** A regression is a size more than this over the recorded figure. */
const TOLERANCE = 1024

export interface Budget {
  /** The last recorded size of each tradekit page, in gzip bytes. */
  readonly recorded: Readonly<Record<string, number>>
  /** The sizes the issues ask for, in gzip bytes. */
  readonly targets: Readonly<Record<string, number>>
  readonly tolerance: number
}

export const readBudget = (): Budget => {
  const json = JSON.parse(readFileSync(budgetFile, "utf8")) as Partial<Budget>
  return { recorded: json.recorded ?? {}, targets: json.targets ?? {}, tolerance: json.tolerance ?? TOLERANCE }
}

/** Per page: over the recorded figure + tolerance (fails), and met or missed against its target (if it has one). */
export const check = (measured: ReadonlyArray<Figure>, budget: Budget) =>
  measured.map((m) => {
    const key = m.key
    const recorded = budget.recorded[key]
    const target = budget.targets[key]
    const delta = recorded === undefined ? undefined : m.gzip - recorded
    const regressed = delta === undefined || delta > budget.tolerance
    const missedTarget = target !== undefined && m.gzip > target
    const vsRecorded =
      delta === undefined
        ? "no recorded figure (run --write-budget)"
        : `recorded ${recorded} B (${delta >= 0 ? "+" : ""}${delta} B, limit +${budget.tolerance} B)`
    const vsTarget =
      target === undefined ? "" : `; ${missedTarget ? "MISSED target" : "target met"}: ≤ ${kb(target)} (${kb(m.gzip)})`
    const shrunk =
      delta !== undefined && delta < -budget.tolerance
        ? "; smaller than recorded by more than the limit: record it with --write-budget"
        : ""
    return {
      key,
      fails: regressed,
      missedTarget,
      line: `${regressed ? "FAIL" : "ok  "} ${key}: ${m.gzip} B gzip, ${vsRecorded}${vsTarget}${shrunk}`,
    }
  })

const main = async () => {
  const args = process.argv.slice(2)
  const measured = await measureAll()
  const dapp = await measureDapp()
  if (args.includes("--markdown")) {
    process.stdout.write(`${markdown(measured, dapp)}\n`)
  } else {
    for (const m of measured.results)
      process.stdout.write(
        `${`${m.entry}, viem ${m.viem}`.padEnd(52)} ${kb(m.minified).padStart(10)} min  ${kb(m.gzip).padStart(9)} gzip\n`,
      )
    process.stdout.write(`\n${capabilityMarkdown(measured.capabilities)}\n\n${dappText(dapp)}\n`)
  }
  const tradekit = figures(measured, dapp)
  if (args.includes("--write-budget")) {
    const { targets } = readBudget()
    const recorded = Object.fromEntries(tradekit.map((m) => [m.key, m.gzip]))
    writeFileSync(
      budgetFile,
      `${JSON.stringify({ unit: "bytes, gzip level 9", tolerance: TOLERANCE, recorded, targets }, null, 2)}\n`,
    )
    process.stdout.write(`figures recorded in ${budgetFile}\n`)
  }
  if (args.includes("--check")) {
    const verdicts = check(tradekit, readBudget())
    for (const v of verdicts) process.stdout.write(`${v.line}\n`)
    const failing = verdicts.filter((v) => v.fails || (args.includes("--enforce-targets") && v.missedTarget))
    if (failing.length > 0) {
      process.stderr.write(`bundle size check failed for: ${failing.map((v) => v.key).join(", ")}\n`)
      process.exit(1)
    }
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  })
}
