import type { Address, Hex } from "viem"

/** A chain the page trades on: its API and its RPC. */
export interface PlaygroundChain {
  readonly id: number
  readonly name: string
  readonly baseApiUrl: string
  readonly rpcUrl: string
  readonly active: boolean
  readonly checkPollingInterval: number
  readonly explorerUrl?: string
  readonly paymentTokens: ReadonlyArray<{ chainId: number; address: Address; symbol: string; name: string; decimals: number }>
}

/** A funded local account (the public test-mnemonic keys of the devnet). */
export interface PlaygroundAccount {
  readonly label: string
  readonly address: Address
  readonly privateKey: Hex
}

/** Everything the page needs to start. */
export interface PlaygroundConfig {
  readonly chains: ReadonlyArray<PlaygroundChain>
  readonly accounts: ReadonlyArray<PlaygroundAccount>
  readonly contracts?: Record<string, Record<string, unknown>>
}

const TEST_KEYS: ReadonlyArray<readonly [Address, Hex]> = [
  ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"],
  ["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"],
  ["0x90F79bf6EB2c4f870365E785982E1f101E93b906", "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"],
  ["0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0x47e173ffac7ca4d4c4ea6e6fa9fa2bc0c3c16e85d46a4e0d1d2a59a8e5a8b1c5"],
  ["0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc", "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"],
]

/**
 * The page's configuration: what the serving script injects at `/__playground/config.json`, else the query
 * string (`?api=<origin API>&rpc=<origin RPC>&chain=31337`, and `api2`/`rpc2`/`chain2` for the second chain),
 * else a devnet on its default ports.
 */
export const loadConfig = async (): Promise<PlaygroundConfig> => {
  const query = new URLSearchParams(window.location.search)
  const overridden = query.has("api") || query.has("rpc")
  if (!overridden) {
    try {
      const response = await fetch("/__playground/config.json", { cache: "no-store" })
      if (response.ok && response.headers.get("content-type")?.includes("json")) return (await response.json()) as PlaygroundConfig
    } catch {
      // Served without the config endpoint (plain `vite`): fall through to the query string.
    }
  }
  const chain = (suffix: string, id: number, api: string, rpc: string, active: boolean): PlaygroundChain => ({
    id: Number(query.get(`chain${suffix}`) ?? id),
    name: `Chain ${query.get(`chain${suffix}`) ?? id}`,
    baseApiUrl: query.get(`api${suffix}`) ?? api,
    rpcUrl: query.get(`rpc${suffix}`) ?? rpc,
    active,
    checkPollingInterval: 500,
    paymentTokens: [],
  })
  return {
    chains: [
      chain("", 31337, "http://127.0.0.1:8080/chains/31337", "http://127.0.0.1:8545", true),
      chain("2", 31338, "http://127.0.0.1:8080/chains/31338", "http://127.0.0.1:8546", false),
    ],
    accounts: TEST_KEYS.map(([address, privateKey], i) => ({ label: `User ${i + 1}`, address, privateKey })),
  }
}
