/**
 * Serves the playground (Vite in dev mode) with the URLs and accounts of a devnet, which the page reads from
 * `GET /__playground/config.json`. `npm start` calls this after `startDevnet()`. On its own
 * (`npx tsx playground/serve.ts [--api URL] [--port N]`) it finds a running devnet at every page load: the
 * `devnet.json` the devnet CLI writes, else the default API URL's root; `--api` names the API to ask instead.
 *
 * @example
 * const devnet = await startDevnet()
 * const playground = await servePlayground({ devnet })
 * // open playground.url
 */

import { fileURLToPath, pathToFileURL } from "node:url"
import react from "@vitejs/plugin-react"
import { createServer, type Plugin } from "vite"
import type { Devnet } from "../devnet/index.js"
import { createOpenSeaProxy, toNodeListener } from "../src/proxy/index.js"
import { findDevnet } from "./findDevnet.js"
import { playgroundConfigOfInfo } from "./src/devnetInfo.js"
import type { PlaygroundConfig } from "./src/PlaygroundConfig.js"

/** Options of `servePlayground`. */
export interface ServePlaygroundOptions {
  /** The devnet the page trades on; without one, a running devnet is looked for at every page load. */
  readonly devnet?: Devnet
  /** Without `devnet`: the API whose root describes the devnet, instead of looking for one. */
  readonly apiUrl?: string
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
    paymasterUrl: devnet.paymasterUrls[chain.id],
  })),
  accounts: [
    ...devnet.accounts.users.map((user, i) => ({
      label: `User ${i + 1}`,
      address: user.address,
      privateKey: user.privateKey,
    })),
    {
      label: "USDC only, no ETH",
      address: devnet.accounts.usdcOnlyUser.address,
      privateKey: devnet.accounts.usdcOnlyUser.privateKey,
    },
  ],
  contracts: JSON.parse(
    JSON.stringify(devnet.contracts, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
  ),
  openSea: devnet.openSea,
  relay: {
    apiBaseUrl: devnet.relay.apiBaseUrl,
    depositories: devnet.relay.depositories,
    routers: devnet.relay.routers,
  },
})

/**
 * Answers `/__playground/config.json` with what `load` gives at each request, or 404 when it gives nothing (the
 * page then asks the devnet itself, else assumes the default ports).
 */
export const configPlugin = (load: () => Promise<PlaygroundConfig | undefined>): Plugin => ({
  name: "tradekit-playground-config",
  configureServer(server) {
    server.middlewares.use("/__playground/config.json", (_req, res) => {
      const answer = (status: number, contentType: string, body: string) => {
        res.statusCode = status
        res.setHeader("cache-control", "no-store")
        res.setHeader("content-type", contentType)
        res.end(body)
      }
      load().then(
        (config) =>
          config === undefined
            ? answer(404, "text/plain", "No running devnet found.")
            : answer(200, "application/json", JSON.stringify(config)),
        (error: unknown) => answer(500, "text/plain", error instanceof Error ? error.message : String(error)),
      )
    })
  },
})

/** Where the playground serves OpenSea's routes to the page: the key stays on this server. */
export const OPENSEA_PROXY_PATH = "/api/opensea"

/**
 * The config as the page gets it: OpenSea behind this server's proxy, with no key. The key, in the server-side
 * config, goes only to the devnet's OpenSea from the proxy.
 */
export const pageConfigOf = (config: PlaygroundConfig): PlaygroundConfig => {
  if (config.openSea === undefined) return config
  const { apiKey: _onTheServer, ...openSea } = config.openSea
  return { ...config, openSea: { ...openSea, apiBaseUrl: OPENSEA_PROXY_PATH } }
}

/**
 * Serves OpenSea's routes at {@link OPENSEA_PROXY_PATH} with `createOpenSeaProxy`: the devnet's OpenSea API and key
 * from the server-side config, and CORS for the playground's own origin only.
 */
export const openSeaProxyPlugin = (
  load: () => Promise<PlaygroundConfig | undefined>,
  origin: () => string,
): Plugin => ({
  name: "tradekit-playground-opensea-proxy",
  configureServer(server) {
    const proxies = new Map<string, ReturnType<typeof toNodeListener>>()
    server.middlewares.use((req, res, next) => {
      if (!(req.url ?? "").startsWith(`${OPENSEA_PROXY_PATH}/`)) return next()
      load().then(
        (config) => {
          const openSea = config?.openSea
          if (openSea?.apiKey === undefined) return next()
          const key = `${openSea.apiBaseUrl} ${openSea.apiKey}`
          let proxy = proxies.get(key)
          if (proxy === undefined) {
            proxy = toNodeListener(
              createOpenSeaProxy({ target: openSea.apiBaseUrl, apiKey: openSea.apiKey, allowedOrigins: [origin()] }),
            )
            proxies.set(key, proxy)
          }
          return proxy(req, res)
        },
        (error: unknown) => next(error),
      )
    })
  },
})

/** The config of the devnet found now (see `findDevnet`), or undefined when none answers. */
export const discoveredConfig = (apiUrl?: string) => async (): Promise<PlaygroundConfig | undefined> => {
  const found = await findDevnet({ apiUrl })
  return found && playgroundConfigOfInfo(found.info)
}

/** Starts the playground's Vite dev server and resolves with its URL. */
export async function servePlayground(options: ServePlaygroundOptions = {}): Promise<PlaygroundServer> {
  const root = fileURLToPath(new URL(".", import.meta.url))
  const { devnet } = options
  const load = devnet !== undefined ? async () => playgroundConfigOf(devnet) : discoveredConfig(options.apiUrl)
  let url = ""
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "warn",
    clearScreen: false,
    plugins: [
      react(),
      configPlugin(async () => {
        const config = await load()
        return config === undefined ? undefined : pageConfigOf(config)
      }),
      openSeaProxyPlugin(load, () => new URL(url).origin),
    ],
    server: {
      host: "127.0.0.1",
      port: options.port ?? 0,
      strictPort: options.port !== undefined,
      fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    },
    optimizeDeps: {
      include: [
        "react",
        "react-dom/client",
        "react/jsx-runtime",
        "react/jsx-dev-runtime",
        "viem",
        "viem/accounts",
        "effect",
      ],
    },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === "object" && address !== null ? address.port : options.port
  url = `http://127.0.0.1:${port}/`
  if (options.log ?? true) process.stdout.write(`tradekit playground: ${url}\n`)
  let stopped: Promise<void> | undefined
  return { url, stop: () => (stopped ??= server.close()) }
}

/** The value of `--name`, if given. */
const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return undefined
  const value = process.argv[i + 1]
  if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`)
  return value
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiUrl = flag("api")
  const port = flag("port")
  const found = await findDevnet({ apiUrl })
  process.stdout.write(
    found
      ? `devnet: ${found.info.apiUrl} (${found.source === "file" ? "from devnet.json" : found.source === "flag" ? "from --api" : "at the default URL"})\n`
      : `no running devnet found${apiUrl ? ` at ${apiUrl}` : ""}: start one with \`npm run devnet\`; the page looks again on reload\n`,
  )
  await servePlayground({
    ...(apiUrl !== undefined ? { apiUrl } : {}),
    ...(port !== undefined ? { port: Number(port) } : {}),
  })
}
