/**
 * `npm run devnet`: starts the devnet, prints where everything is, and stays up until Ctrl-C.
 * Flags: --port N (API), --origin-port N, --destination-port N, --no-seed.
 */
import { describeDevnet } from "./describe.js"
import { startDevnet } from "./index.js"

function flag(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return undefined
  const value = Number(process.argv[i + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a port number`)
  return value
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
