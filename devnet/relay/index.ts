/**
 * Relay on the devnet: the protocol v2 Depository and the router on each chain, a solver, and Relay's API on a
 * server of its own (its own base URL, as `api.relay.link` is apart from the NFT API). Started by `startDevnet`;
 * described as `devnet.relay`.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Address } from "viem"
import { type ChainEndpoint, devnetPublicClient } from "../chain/index.js"
import { close } from "../server/http.js"
import { deployRelayContracts, type RelayChainContracts, relaySolverAccount } from "./deploy.js"
import { RelayRequests } from "./requests.js"
import { answer, type RelayRoutesContext } from "./routes.js"
import { RelaySolver } from "./solver.js"

export type { RelayChainContracts } from "./deploy.js"

/** Relay on a running devnet, as its info describes it. */
export interface DevnetRelay {
  /** The base URL of the devnet's Relay API (`POST {apiUrl}/quote/v2`, …). */
  readonly apiUrl: string
  /** The Depository and router of each chain, by chain id. */
  readonly chains: Readonly<Record<number, RelayChainContracts>>
  /** The solver's address: it makes the destination calls (through the router) and the refunds. */
  readonly solver: Address
  /** The API again, the Depositories and the routers, as `relay(...)` takes them: `relay(devnet.relay)`. */
  readonly apiBaseUrl: string
  readonly depositories: Readonly<Record<number, Address>>
  readonly routers: Readonly<Record<number, Address>>
}

/** The CORS headers of every answer: any origin, the methods and headers Relay's clients send. */
const RELAY_CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "content-type, x-api-key",
}

/** A started devnet Relay. */
export interface RunningRelay {
  readonly describe: DevnetRelay
  stop(): Promise<void>
}

/** Deploys Relay's contracts on `chains`, then starts its solver and its API on `port` (any free one by default). */
export async function startRelay(chains: ReadonlyArray<ChainEndpoint>, port = 0): Promise<RunningRelay> {
  const solver = relaySolverAccount()
  const deployed = await Promise.all(chains.map((endpoint) => deployRelayContracts(endpoint, solver)))
  const requests = new RelayRequests()
  const filler = new RelaySolver(
    solver,
    requests,
    chains.map((endpoint, i) => ({ endpoint, contracts: deployed[i]! })),
  )
  const ctx: RelayRoutesContext = {
    solver,
    requests,
    filler,
    chains: new Map(
      chains.map((endpoint, i) => [
        endpoint.chainId,
        { contracts: deployed[i]!, client: devnetPublicClient(endpoint) },
      ]),
    ),
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1")
        let body: unknown
        try {
          body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"))
        } catch {
          body = null
        }
        // Relay's API answers any origin, as pages call it from the browser.
        if (req.method === "OPTIONS") {
          res.writeHead(204, { ...RELAY_CORS, "access-control-max-age": "600" })
          res.end()
          return
        }
        const reply = await answer(ctx, req.method ?? "GET", url, body)
        res.writeHead(reply.status, { "content-type": "application/json", ...RELAY_CORS, ...reply.headers })
        res.end(JSON.stringify(reply.body, (_k, v) => (typeof v === "bigint" ? v.toString() : v)))
      })()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  filler.start()
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    describe: {
      apiUrl,
      chains: Object.fromEntries(deployed.map((c) => [c.chainId, c])),
      solver: solver.address,
      apiBaseUrl: apiUrl,
      depositories: Object.fromEntries(deployed.map((c) => [c.chainId, c.depository])),
      routers: Object.fromEntries(deployed.map((c) => [c.chainId, c.router])),
    },
    stop: async () => {
      filler.stop()
      await close(server as Server)
    },
  }
}
