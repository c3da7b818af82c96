/**
 * `npm start`: starts the devnet and performs every action through the Promise facade (createClient), with a
 * live line per step/item status change. Exits non-zero on any failure. On success the devnet stays up
 * (URLs and accounts printed) and the playground is served, until Ctrl-C; with `--exit` it stops and exits 0
 * (CI, tests).
 */
import { describeDevnet } from "../devnet/describe.js"
import { type Devnet, startDevnet } from "../devnet/index.js"
import { servePlayground } from "../playground/serve.js"
import { runDemoActions } from "./demoActions.js"

const exitWhenDone = process.argv.includes("--exit")
const out = (line: string) => process.stdout.write(`${line}\n`)

async function main(): Promise<Devnet> {
  const devnet = await startDevnet()
  out(`devnet up in ${devnet.timings.totalMs} ms at ${devnet.apiUrl}`)
  try {
    await runDemoActions(devnet, out)
  } catch (error) {
    await devnet.stop()
    throw error
  }
  return devnet
}

main().then(
  async (devnet) => {
    out("\nEvery action completed.")
    if (exitWhenDone) {
      await devnet.stop()
      process.exit(0)
    }
    out(`\n${describeDevnet(devnet)}\n`)
    const playground = await servePlayground({ devnet, log: false })
    out(
      `\nPlayground: ${playground.url}  (open it to try every flow in the browser)\nThe devnet stays up; press Ctrl-C to stop.`,
    )
    const stop = () => void Promise.all([playground.stop(), devnet.stop()]).then(() => process.exit(0))
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
  },
  (error: unknown) => {
    process.stderr.write(`\n✘ demo failed: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
