/**
 * The CLI's check of the ports it was asked for, before starting anything: a port that is taken gets one line
 * naming it and, when it is a running devnet's, that devnet — instead of an anvil or server stack trace.
 */
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import type { DevnetInfo } from "./info.js"

/** Whether something already listens on 127.0.0.1:`port`. */
export function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once("error", () => resolve(true))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)))
  })
}

/** The running devnet that `port` belongs to (its API answers `GET /`, or devnet.json names the port), if any. */
async function devnetOn(port: number, infoPath: string): Promise<DevnetInfo | undefined> {
  try {
    const answer = (await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) }).then((r) =>
      r.json(),
    )) as DevnetInfo
    if (answer.name === "tradekit-devnet") return answer
  } catch {
    // Not an HTTP server, or not a devnet's API: perhaps one of its anvils, which devnet.json names.
  }
  try {
    const written = JSON.parse(readFileSync(infoPath, "utf8")) as DevnetInfo
    const ports = written.chains.flatMap((chain) =>
      [chain.baseApiUrl, chain.rpcUrl].map((url) => Number(new URL(url).port)),
    )
    return ports.includes(port) ? written : undefined
  } catch {
    return undefined
  }
}

/**
 * The one line to print for a taken port given as `--flag`, e.g. `port 8545 (--origin-port) is already in use,
 * by a running tradekit-devnet (pid 4242, API http://127.0.0.1:4000/chains/31337)`; undefined when it is free.
 */
export async function takenPortLine(port: number, flag: string, infoPath: string): Promise<string | undefined> {
  if (!(await isPortTaken(port))) return undefined
  const devnet = await devnetOn(port, infoPath)
  const by = devnet === undefined ? "" : `, by a running tradekit-devnet (pid ${devnet.pid}, API ${devnet.apiUrl})`
  return `port ${port} (--${flag}) is already in use${by}; stop it or pick another port`
}
