// Checks the package as a consumer meets it, after `npm run build`: packs it, runs publint --strict and
// @arethetypeswrong/cli on the tarball, installs the tarball with its peers in a fresh folder, typechecks every
// entry point strictly (skipLibCheck: false) under moduleResolution `bundler` and `node16`, loads the main entry
// with both require() and import(), and runs the devnet's bin from there. Prints each step's time.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

const root = new URL("..", import.meta.url).pathname
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const started = performance.now()
let failures = 0

/** Runs a command; prints its output and counts a failure when it exits non-zero. */
function run(label, command, args, options = {}) {
  const t0 = performance.now()
  const result = spawnSync(command, args, { encoding: "utf8", ...options })
  const seconds = ((performance.now() - t0) / 1000).toFixed(1)
  if (result.status === 0) {
    process.stdout.write(`${label}: ok (${seconds} s)\n`)
  } else {
    failures++
    process.stderr.write(`${label}: FAILED (exit ${result.status}, ${seconds} s)\n${result.stdout}${result.stderr}\n`)
  }
  return result
}

/** Like `run`, without blocking: for the slow steps that can share the machine's cores. */
function runAsync(label, command, args, options = {}) {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, options)
    let output = ""
    child.stdout.on("data", (chunk) => {
      output += chunk
    })
    child.stderr.on("data", (chunk) => {
      output += chunk
    })
    child.on("close", (status) => {
      const seconds = ((performance.now() - t0) / 1000).toFixed(1)
      if (status === 0) {
        process.stdout.write(`${label}: ok (${seconds} s)\n`)
      } else {
        failures++
        process.stderr.write(`${label}: FAILED (exit ${status}, ${seconds} s)\n${output}\n`)
      }
      resolve(status)
    })
  })
}

const work = mkdtempSync(join(tmpdir(), "tradekit-consumer-"))
// A `node_modules` above the consumer's folder would answer any import its own install lacks (a dependency missing
// from package.json would pass): the check means nothing there.
for (let dir = dirname(work); dir !== dirname(dir); dir = dirname(dir)) {
  if (existsSync(join(dir, "node_modules"))) {
    rmSync(work, { recursive: true, force: true })
    process.stderr.write(
      `check-consumer: ${join(dir, "node_modules")} lies above the consumer's folder and would answer its imports; ` +
        "remove it, or set TMPDIR to a folder without one above it\n",
    )
    process.exit(1)
  }
}
try {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
  )
  const tarball = join(work, packed[0].filename)
  process.stdout.write(
    `packed ${packed[0].filename}: ${packed[0].entryCount} files, ${(packed[0].size / 1024).toFixed(0)} KB\n`,
  )

  // Every relative link of the README (the npm page's text) names a file the tarball ships.
  const shipped = new Set(packed[0].files.map((file) => file.path))
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const links = [...readme.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1])
    .filter((href) => !/^[a-z]+:/.test(href))
  const unshipped = links.filter((href) => !shipped.has(href.replace(/^\.\//, "")))
  if (unshipped.length === 0) {
    process.stdout.write(`README links: ok (${links.length} relative, all shipped)\n`)
  } else {
    failures++
    process.stderr.write(`README links to files the tarball leaves out: ${unshipped.join(", ")}\n`)
  }

  const bin = (name) => join(root, "node_modules", ".bin", name)
  run("publint --strict", bin("publint"), ["--strict", tarball])
  // ESM only: require() of it works through Node's require(esm) (checked below by running it), which attw's
  // node16-from-CommonJS and node10 resolutions do not model; the esm-only profile leaves those two out.
  run("attw --profile esm-only", bin("attw"), [tarball, "--profile", "esm-only", "--no-emoji", "--no-color"])

  // The consumer: the tarball, its peers at the versions this repository is built and tested with, and the
  // optional peers its entries need (React and TanStack Query for tradekit/react, ws for the devnet).
  const consumer = join(work, "consumer")
  const installed = (name) => JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version
  const peers = ["effect", "viem", "react", "@tanstack/react-query", "ws"].map((name) => `${name}@${installed(name)}`)
  const types = ["@types/react", "@types/node", "typescript"].map((name) => `${name}@${installed(name)}`)
  execFileSync("mkdir", ["-p", consumer])
  writeFileSync(
    join(consumer, "package.json"),
    `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`,
  )
  run(
    "npm install (tarball and peers)",
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...peers, ...types],
    {
      cwd: consumer,
    },
  )

  const entries = Object.keys(pkg.exports).filter((entry) => entry !== "./package.json" && !entry.includes("*"))
  const specifiers = entries.map((entry) => `tradekit${entry.slice(1)}`)
  writeFileSync(
    join(consumer, "entries.ts"),
    specifiers.map((specifier, i) => `export * as entry${i} from "${specifier}"\n`).join(""),
  )
  const strict = {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: ["node"],
  }
  const resolutions = {
    bundler: { module: "ESNext", moduleResolution: "bundler" },
    node16: { module: "node16", moduleResolution: "node16" },
  }
  await Promise.all(
    Object.entries(resolutions).map(([name, resolution]) => {
      const config = `tsconfig.${name}.json`
      writeFileSync(
        join(consumer, config),
        JSON.stringify({ compilerOptions: { ...strict, ...resolution }, files: ["entries.ts"] }),
      )
      const label = `tsc ${name}, skipLibCheck false (${specifiers.join(", ")})`
      return runAsync(label, join(consumer, "node_modules", ".bin", "tsc"), ["-p", config], { cwd: consumer })
    }),
  )

  writeFileSync(
    join(consumer, "require.cjs"),
    `const { createClient, VERSION } = require("tradekit")\nif (typeof createClient !== "function") throw new Error("no createClient")\nconsole.log(VERSION)\n`,
  )
  writeFileSync(
    join(consumer, "import.mjs"),
    `const { createClient, VERSION } = await import("tradekit")\nif (typeof createClient !== "function") throw new Error("no createClient")\nconsole.log(VERSION)\n`,
  )
  for (const file of ["require.cjs", "import.mjs"]) {
    const result = run(`node ${file} (Node ${process.versions.node})`, process.execPath, [file], { cwd: consumer })
    if (result.status === 0 && result.stdout.trim() !== pkg.version) {
      failures++
      process.stderr.write(`${file}: VERSION is ${result.stdout.trim()}, package.json says ${pkg.version}\n`)
    }
  }

  // The devnet's bin from the consumer: with no anvil to find, it stops at its one-line hint.
  const devnet = spawnSync(join(consumer, "node_modules", ".bin", "tradekit-devnet"), [], {
    cwd: consumer,
    env: { ...process.env, TRADEKIT_ANVIL: "/nonexistent/anvil" },
    encoding: "utf8",
    timeout: 30_000,
  })
  if (
    devnet.status === 1 &&
    devnet.stderr.includes("npm install @foundry-rs/anvil") &&
    devnet.stderr.trim().split("\n").length === 1
  ) {
    process.stdout.write("tradekit-devnet bin: ok\n")
  } else {
    failures++
    process.stderr.write(
      `tradekit-devnet bin: expected exit 1 and a one-line hint, got ${devnet.status}:\n${devnet.stderr}${devnet.stdout}\n`,
    )
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
process.stdout.write(
  `consumer check: ${failures === 0 ? "ok" : `${failures} failed`} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
)
process.exit(failures === 0 ? 0 : 1)
