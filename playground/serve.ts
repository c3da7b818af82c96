/**
 * Serves the playground (Vite in dev mode) with the URLs and accounts of a running devnet, which the page
 * reads from `GET /__playground/config.json`. `npm start` calls this after `startDevnet()`.
 *
 * @example
 * const devnet = await startDevnet()
 * const playground = await servePlayground({ devnet })
 * // open playground.url
 */
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { createServer, type Plugin } from "vite"
import type { Devnet } from "../devnet/index.js"
import type { PlaygroundConfig } from "./src/config.js"

/** Options of `servePlayground`. */
export interface ServePlaygroundOptions {
  /** The devnet the page trades on by default. */
  readonly devnet: Devnet
  /** Port of the page; a free one by default. */
  readonly port?: number
  /** Print the URL (default true). */
  readonly log?: boolean
}

/** A running playground server. */
export interface PlaygroundServer {
  readonly url: string
  stop(): Promise<void>
}

/** What the page needs to know about the devnet: chains, API and RPC URLs, the funded user accounts, the contracts. */
export const playgroundConfigOf = (devnet: Devnet): PlaygroundConfig => ({
  chains: devnet.chains.map((chain) => ({
    id: chain.id,
    name: chain.name,
    baseApiUrl: chain.baseApiUrl,
    rpcUrl: devnet.rpcUrls[chain.id]!,
    active: chain.active ?? false,
    checkPollingInterval: chain.checkPollingInterval ?? 250,
    paymentTokens: (chain.paymentTokens ?? []).map((token) => ({ ...token })),
  })),
  accounts: devnet.accounts.users.map((user, i) => ({ label: `User ${i + 1}`, address: user.address, privateKey: user.privateKey })),
  contracts: JSON.parse(JSON.stringify(devnet.contracts, (_key, value) => (typeof value === "bigint" ? value.toString() : value))),
})

const configPlugin = (config: PlaygroundConfig): Plugin => ({
  name: "tradekit-playground-config",
  configureServer(server) {
    server.middlewares.use("/__playground/config.json", (_req, res) => {
      res.setHeader("content-type", "application/json")
      res.setHeader("cache-control", "no-store")
      res.end(JSON.stringify(config))
    })
  },
})

/** Starts the playground's Vite dev server against `devnet` and resolves with its URL. */
export async function servePlayground(options: ServePlaygroundOptions): Promise<PlaygroundServer> {
  const root = fileURLToPath(new URL(".", import.meta.url))
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "warn",
    clearScreen: false,
    plugins: [react(), configPlugin(playgroundConfigOf(options.devnet))],
    server: {
      host: "127.0.0.1",
      port: options.port ?? 0,
      strictPort: options.port !== undefined,
      fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    },
    optimizeDeps: { include: ["react", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "viem", "viem/accounts", "effect", "@effect/platform"] },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === "object" && address !== null ? address.port : options.port
  const url = `http://127.0.0.1:${port}/`
  if (options.log ?? true) process.stdout.write(`tradekit playground: ${url}\n`)
  let stopped: Promise<void> | undefined
  return { url, stop: () => (stopped ??= server.close()) }
}
