/**
 * `npm run devnet` and `npx tradekit-devnet` (bin/tradekit-devnet.js runs the built copy): starts the devnet,
 * prints where everything is, and stays up until Ctrl-C. `--help` prints the usage below.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { anvilBinaryPath } from "./chain/anvil.js"
import { describeDevnet } from "./describe.js"
import { startDevnet } from "./index.js"
import { devnetInfo, devnetInfoPath } from "./info.js"
import { takenPortLine } from "./portInUse.js"

const usage = `Usage: tradekit-devnet [--port N] [--origin-port N] [--destination-port N] [--no-seed]

Starts two local anvil chains (31337 with the order book, 31338 for cross-chain calls), the devnet contracts,
seeded users, orders and tokens, and an aggregator API speaking the reservoir protocol. Stops on Ctrl-C.

  --port N              API port (default: a free one)
  --origin-port N       RPC port of chain 31337 (default: a free one)
  --destination-port N  RPC port of chain 31338 (default: a free one)
  --no-seed             start without seeded tokens, balances and orders

Finding a running devnet without port flags:
  GET <API>/            answers JSON: { name: "tradekit-devnet", chainId, rpcUrl, apiUrl, wsUrl, chains,
                        inventory, endpoints, contracts, accounts, pid }: chains as createClient takes
                        them, the listings, bids and token owners now, the read endpoints
                        (GET <API>/chains/31338/ answers it for chain 31338)
  ${devnetInfoPath(".")}
                        the same JSON, written under the directory the devnet was started in and removed when
                        it stops; after a crash it may be stale: check that pid is alive or that apiUrl answers

Environment: TRADEKIT_ANVIL, an anvil binary to use instead of the optional @foundry-rs/anvil package.`

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(`${usage}\n`)
  process.exit(0)
}

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

// A port asked for that is taken: one line naming it (and the devnet there, if it is one), no stack.
const asked = [
  ["port", port],
  ["origin-port", originPort],
  ["destination-port", destinationPort],
] as const
for (const [name, value] of asked) {
  const line = value === undefined ? undefined : await takenPortLine(value, name, devnetInfoPath())
  if (line !== undefined) {
    process.stderr.write(`tradekit-devnet: ${line}\n`)
    process.exit(1)
  }
}
const devnet = await startDevnet({
  ...(port !== undefined ? { port } : {}),
  ...(originPort !== undefined ? { originPort } : {}),
  ...(destinationPort !== undefined ? { destinationPort } : {}),
  seed: !process.argv.includes("--no-seed"),
})

// Written whole then renamed, so a reader never sees half a file; removed on any exit, unless a devnet started
// later in the same directory has replaced it since.
const infoPath = devnetInfoPath()
const removeInfo = () => {
  try {
    if ((JSON.parse(readFileSync(infoPath, "utf8")) as { pid?: unknown }).pid === process.pid) rmSync(infoPath)
  } catch {
    // Already gone or unreadable: nothing of ours to remove.
  }
}
try {
  mkdirSync(dirname(infoPath), { recursive: true })
  const json = JSON.stringify(
    devnetInfo(devnet),
    (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
    2,
  )
  writeFileSync(`${infoPath}.${process.pid}`, `${json}\n`)
  renameSync(`${infoPath}.${process.pid}`, infoPath)
  process.on("exit", removeInfo)
} catch (error) {
  process.stderr.write(
    `tradekit-devnet: could not write ${infoPath} (${error instanceof Error ? error.message : String(error)}); GET ${devnet.apiUrl} still describes the devnet\n`,
  )
}
// An ETH listing to look at, and a user who can buy it (not its maker).
const listings = devnet.inventory().listings
const listing = listings.find((l) => BigInt(l.currency) === 0n) ?? listings[0]
const buyer = devnet.accounts.users.findIndex((u) => u.address !== listing?.maker) + 1
const tryThis =
  listing === undefined
    ? `curl ${devnet.apiUrl}/collections/v7`
    : `curl "${devnet.apiUrl}/orders/asks/v5?token=${listing.contract}:${listing.tokenId}" — then buy token "${listing.contract}:${listing.tokenId}" as user ${buyer}`
process.stdout.write(
  `${describeDevnet(devnet)}\n\nThis devnet as JSON (chains for createClient, listings, bids, owners, endpoints): GET ${devnet.apiUrl} or ${infoPath}\nTry this: ${tryThis}\n\nPress Ctrl-C to stop.\n`,
)

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
