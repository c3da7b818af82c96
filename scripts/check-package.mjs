// Imports the built package by its own name, the way a user's code would, and checks each entry point; then runs
// each `bin` far enough to show it loads the built code (with no anvil to find, it stops at its one-line hint).
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"

const checks = {
  tradekit: [
    "createClient",
    "executeSteps",
    "resumeExecution",
    "buy",
    "Tradekit",
    "walletLayer",
    "reservoirChains",
    "APIError",
  ],
  "tradekit/lite": ["createClient", "Tradekit", "walletLayer", "simulation", "CapabilityMissingError"],
  "tradekit/testing": ["makeFakeApi", "makeFakeWallet", "testLayer"],
  "tradekit/react": ["TradekitProvider", "TradekitClientProvider", "useBuyToken", "useCall"],
  "tradekit/devnet": ["startDevnet"],
}
let failures = 0
for (const [name, exports] of Object.entries(checks)) {
  const module = await import(name)
  const missing = exports.filter((key) => !(key in module))
  if (missing.length > 0) {
    failures++
    process.stderr.write(`${name}: missing ${missing.join(", ")}\n`)
  } else {
    process.stdout.write(`${name}: ok (${Object.keys(module).length} exports)\n`)
  }
}

const { bin } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
const expectedHint = "npm install @foundry-rs/anvil"
for (const [name, path] of Object.entries(bin)) {
  const result = spawnSync(process.execPath, [path], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, TRADEKIT_ANVIL: "/nonexistent/anvil" },
    encoding: "utf8",
    timeout: 30_000,
  })
  if (result.status === 1 && result.stderr.includes(expectedHint) && result.stderr.trim().split("\n").length === 1) {
    process.stdout.write(`bin ${name}: ok\n`)
  } else {
    failures++
    process.stderr.write(
      `bin ${name} (${path}): expected exit 1 and a one-line hint, got ${result.status}:\n${result.stderr}${result.stdout}\n`,
    )
  }
}
process.exit(failures === 0 ? 0 : 1)
