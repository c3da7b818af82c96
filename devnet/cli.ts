/**
 * `npm run devnet` and `npx tradekit-devnet` (bin/tradekit-devnet.js runs the built copy): starts the devnet,
 * prints where everything is, and stays up until Ctrl-C.
 * Flags: --port N (API), --origin-port N, --destination-port N, --no-seed.
 * Environment: TRADEKIT_ANVIL, an anvil binary to use instead of the optional `@foundry-rs/anvil` package.
 */
import { anvilBinaryPath } from "./chain/anvil.js"
import { describeDevnet } from "./describe.js"
import { startDevnet } from "./index.js"

function flag(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return undefined
  const value = Number(process.argv[i + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a port number`)
  return value
}

// `@foundry-rs/anvil` is an optional peer: without it, say in one line what to install rather than print a stack.
try {
  anvilBinaryPath()
} catch (error) {
  process.stderr.write(`tradekit-devnet: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}

const port = flag("port")
const originPort = flag("origin-port")
const destinationPort = flag("destination-port")
const devnet = await startDevnet({
  ...(port !== undefined ? { port } : {}),
  ...(originPort !== undefined ? { originPort } : {}),
  ...(destinationPort !== undefined ? { destinationPort } : {}),
  seed: !process.argv.includes("--no-seed"),
})
process.stdout.write(`${describeDevnet(devnet)}\n\nPress Ctrl-C to stop.\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  process.stdout.write("\nstopping…\n")
  await devnet.stop()
  process.exit(0)
}
process.on("SIGINT", () => void stop())
process.on("SIGTERM", () => void stop())
