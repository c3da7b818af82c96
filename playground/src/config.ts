import { DEFAULT_DEVNET_API_URL, DEVNET_TEST_ACCOUNTS, fetchDevnetInfo, playgroundConfigOfInfo } from "./devnetInfo.js"
import type { PlaygroundChain, PlaygroundConfig } from "./PlaygroundConfig.js"

/** A devnet on the ports the playground assumes when nothing else is known. */
const defaultConfig = (): PlaygroundConfig => {
  const chain = (id: number, rpcPort: number, active: boolean): PlaygroundChain => ({
    id,
    name: `Chain ${id}`,
    baseApiUrl: `${DEFAULT_DEVNET_API_URL}/chains/${id}`,
    rpcUrl: `http://127.0.0.1:${rpcPort}`,
    active,
    checkPollingInterval: 500,
    paymentTokens: [],
  })
  return { chains: [chain(31337, 8545, true), chain(31338, 8546, false)], accounts: DEVNET_TEST_ACCOUNTS }
}

/** The values of `?api=` that pick the order book (App.tsx's switch) rather than name an API URL. */
const API_KINDS = ["opensea", "reservoir"]

/** The API URL the query string names: `?api=<URL>`, not `?api=opensea`. */
const apiUrlOf = (query: URLSearchParams, suffix: string): string | undefined => {
  const value = query.get(`api${suffix}`)
  return value === null || API_KINDS.includes(value) ? undefined : value
}

/** `config` with what the query string sets: `api`, `rpc`, `chain` for the first chain, `api2`, `rpc2`, `chain2` for the second. */
const withQueryOverrides = (config: PlaygroundConfig, query: URLSearchParams): PlaygroundConfig => ({
  ...config,
  chains: config.chains.map((chain, i) => {
    const suffix = i === 0 ? "" : String(i + 1)
    const id = query.get(`chain${suffix}`)
    return {
      ...chain,
      ...(id !== null ? { id: Number(id), name: `Chain ${id}` } : {}),
      baseApiUrl: apiUrlOf(query, suffix) ?? chain.baseApiUrl,
      rpcUrl: query.get(`rpc${suffix}`) ?? chain.rpcUrl,
    }
  }),
})

/**
 * The page's configuration. Served with the devnet (`/__playground/config.json`, which the serving script
 * fills from the devnet it runs or finds), it is taken as is. Otherwise the devnet is asked at its API root
 * (`?api=<origin API>`, else the default URL), and else a devnet on the default ports is assumed. The query
 * string overrides either: `?api=…&rpc=…&chain=31337`, and `api2`/`rpc2`/`chain2` for the second chain.
 */
export const loadConfig = async (): Promise<PlaygroundConfig> => {
  const query = new URLSearchParams(window.location.search)
  const overridden = apiUrlOf(query, "") !== undefined || query.has("rpc")
  if (!overridden) {
    try {
      const response = await fetch("/__playground/config.json", { cache: "no-store" })
      if (response.ok && response.headers.get("content-type")?.includes("json"))
        return (await response.json()) as PlaygroundConfig
    } catch {
      // Served without the config endpoint (a static build): ask the devnet itself.
    }
  }
  const info = await fetchDevnetInfo(apiUrlOf(query, "") ?? DEFAULT_DEVNET_API_URL)
  return withQueryOverrides(info !== undefined ? playgroundConfigOfInfo(info) : defaultConfig(), query)
}
