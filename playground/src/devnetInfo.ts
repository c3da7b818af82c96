/**
 * A running devnet as it describes itself, at its API root (`GET /`) and in the `devnet.json` its CLI writes,
 * and the playground configuration made from that. Read as wire data (the playground may meet a devnet of
 * another version): the documented core is checked, the richer fields of newer devnets are used when present.
 */
import type { Address, Hex } from "viem"
import type {
  PlaygroundAccount,
  PlaygroundChain,
  PlaygroundConfig,
  PlaygroundOpenSea,
  PlaygroundRelay,
} from "./PlaygroundConfig.js"

/** One chain, as newer devnets list them. */
export interface DevnetChainInfo {
  readonly chainId: number
  readonly name?: string
  readonly active?: boolean
  readonly apiUrl: string
  readonly rpcUrl: string
  readonly wsUrl?: string
  readonly checkPollingInterval?: number
  /** The chain's ERC-7677 paymaster service (newer devnets). */
  readonly paymasterUrl?: string
  readonly paymentTokens?: ReadonlyArray<{
    readonly address: Address
    readonly symbol: string
    readonly name: string
    readonly decimals: number
  }>
}

/** What the devnet answers: `name`, `chainId`, `rpcUrl`, `apiUrl` and `wsUrl` always; the rest when it has them. */
export interface DevnetInfo {
  readonly name: "tradekit-devnet"
  readonly chainId: number
  readonly rpcUrl: string
  readonly apiUrl: string
  readonly wsUrl: string
  readonly chains?: ReadonlyArray<DevnetChainInfo>
  readonly contracts?: Record<string, Record<string, unknown>>
  readonly accounts?: {
    readonly users?: ReadonlyArray<{ readonly address: Address; readonly privateKey: Hex }>
    /** The user with USDC and no ETH at all (newer devnets): it trades with sponsored gas. */
    readonly usdcOnlyUser?: { readonly address: Address; readonly privateKey: Hex }
  }
  /** The devnet's OpenSea API v2 and its Seaport 1.6, on devnets that serve them. */
  readonly openSea?: PlaygroundOpenSea
  readonly relay?: PlaygroundRelay
}

/** The API of a devnet started with `--port 8080`: asked when nothing else says where a devnet runs. */
export const DEFAULT_DEVNET_API_URL = "http://127.0.0.1:8080"

/** The devnet's users: the public keys of the test mnemonic, as every devnet derives them. */
export const DEVNET_TEST_ACCOUNTS: ReadonlyArray<PlaygroundAccount> = (
  [
    [
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    ],
    [
      "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
    ],
    [
      "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
      "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
    ],
    [
      "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
      "0x47e173ffac7ca4d4c4ea6e6fa9fa2bc0c3c16e85d46a4e0d1d2a59a8e5a8b1c5",
    ],
    [
      "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
      "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
    ],
  ] as const
).map(([address, privateKey], i) => ({ label: `User ${i + 1}`, address, privateKey }))

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const isUrl = (value: unknown): value is string => typeof value === "string" && /^(https?|wss?):\/\//.test(value)
const isChain = (value: unknown): value is DevnetChainInfo =>
  isRecord(value) && Number.isInteger(value.chainId) && isUrl(value.apiUrl) && isUrl(value.rpcUrl)

/** `body` as a devnet's self-description, or undefined when it is not one. */
export const asDevnetInfo = (body: unknown): DevnetInfo | undefined => {
  if (!isRecord(body) || body.name !== "tradekit-devnet" || !Number.isInteger(body.chainId)) return undefined
  if (!isUrl(body.rpcUrl) || !isUrl(body.apiUrl) || !isUrl(body.wsUrl)) return undefined
  const chains = Array.isArray(body.chains) ? body.chains.filter(isChain) : undefined
  return { ...(body as unknown as DevnetInfo), ...(chains !== undefined ? { chains } : {}) }
}

/** The URL of the root of `apiUrl` (a server root or a chain's base path): where the devnet describes itself. */
export const devnetRootOf = (apiUrl: string): string => `${apiUrl.replace(/\/+$/, "")}/`

/** Asks `apiUrl`'s root; undefined when nothing answers there in time, or something that is not a devnet. */
export const fetchDevnetInfo = async (apiUrl: string, timeoutMs = 1_500): Promise<DevnetInfo | undefined> => {
  try {
    const response = await fetch(devnetRootOf(apiUrl), { cache: "no-store", signal: AbortSignal.timeout(timeoutMs) })
    return response.ok ? asDevnetInfo(await response.json()) : undefined
  } catch {
    return undefined
  }
}

/** The playground's configuration for a devnet: its chains (origin first), its users, its contracts. */
export const playgroundConfigOfInfo = (info: DevnetInfo): PlaygroundConfig => {
  const listed = info.chains ?? [
    { chainId: info.chainId, apiUrl: info.apiUrl, rpcUrl: info.rpcUrl, wsUrl: info.wsUrl, active: true },
  ]
  const anyActive = listed.some((c) => c.active === true)
  const chains = listed.map(
    (c): PlaygroundChain => ({
      id: c.chainId,
      name: c.name ?? `Chain ${c.chainId}`,
      baseApiUrl: c.apiUrl,
      rpcUrl: c.rpcUrl,
      // The chain the devnet was asked from is the one to start on when it names none.
      active: anyActive ? c.active === true : c.chainId === info.chainId,
      checkPollingInterval: c.checkPollingInterval ?? 250,
      paymentTokens: (c.paymentTokens ?? []).map((token) => ({ chainId: c.chainId, ...token })),
      ...(isUrl(c.paymasterUrl) ? { paymasterUrl: c.paymasterUrl } : {}),
    }),
  )
  const users = info.accounts?.users
  const usdcOnly = info.accounts?.usdcOnlyUser
  return {
    chains,
    accounts:
      users !== undefined && users.length > 0
        ? [
            ...users.map((u, i) => ({ label: `User ${i + 1}`, address: u.address, privateKey: u.privateKey })),
            ...(usdcOnly !== undefined
              ? [{ label: "USDC only, no ETH", address: usdcOnly.address, privateKey: usdcOnly.privateKey }]
              : []),
          ]
        : DEVNET_TEST_ACCOUNTS,
    ...(info.contracts !== undefined ? { contracts: info.contracts } : {}),
    ...(isRecord(info.openSea) && isUrl(info.openSea.apiBaseUrl) ? { openSea: info.openSea } : {}),
    ...(isRecord(info.relay) && isUrl(info.relay.apiBaseUrl)
      ? {
          relay: {
            apiBaseUrl: info.relay.apiBaseUrl,
            depositories: info.relay.depositories,
            routers: info.relay.routers,
          },
        }
      : {}),
  }
}
