/**
 * What a running devnet says about itself, for apps that find it rather than start it (a standalone
 * playground, a script): the API root answers it (`GET /`, or `GET /chains/{chainId}/` for one chain), and
 * the CLI writes it to {@link devnetInfoPath} while it runs. On the wire, bigints are decimal strings.
 *
 * @example
 * const info = JSON.parse(readFileSync(devnetInfoPath(), "utf8"))
 * const live = await fetch(info.apiUrl).then((r) => r.json()) // the same answer, or a refused connection when stale
 * const client = createClient({ chains: live.chains.map((c) => ({ id: c.chainId, name: c.name, baseApiUrl: c.apiUrl, websocketUrl: c.wsUrl, active: c.active })) })
 */
import { join } from "node:path"
import type { Address, Hex } from "viem"
import type { DevnetContracts } from "./chain/deploy.js"
import type { Devnet } from "./index.js"
import type { DevnetOpenSea } from "./opensea/index.js"

/** One chain of the devnet. */
export interface DevnetChainInfo {
  readonly chainId: number
  readonly name: string
  /** The origin chain, which has the order book. */
  readonly active: boolean
  readonly apiUrl: string
  readonly rpcUrl: string
  /** The status websocket (`transaction.status` pushes). */
  readonly wsUrl: string
  /** The ERC-7677 paymaster service (`paymasterService: { url }`); its sponsor pays sponsored batches' gas. */
  readonly paymasterUrl: string
  /** Milliseconds between two status polls a client should use on this chain. */
  readonly checkPollingInterval: number
  readonly paymentTokens: ReadonlyArray<{ readonly address: Address; readonly symbol: string; readonly name: string; readonly decimals: number }>
}

/** A running devnet, as seen from one of its chains. */
export interface DevnetInfo {
  readonly name: "tradekit-devnet"
  /** The chain whose base path was asked: the origin at the root. */
  readonly chainId: number
  readonly rpcUrl: string
  readonly apiUrl: string
  readonly wsUrl: string
  readonly originChainId: number
  readonly destinationChainId: number
  /** Origin first. */
  readonly chains: ReadonlyArray<DevnetChainInfo>
  readonly contracts: DevnetContracts
  /** The funded users with their keys (public test-mnemonic keys, as the CLI prints them), and the devnet's own accounts. */
  readonly accounts: {
    readonly users: ReadonlyArray<{ readonly address: Address; readonly privateKey: Hex }>
    /** Holds USDC and no ETH at all: it trades with sponsored gas only. */
    readonly usdcOnlyUser: { readonly address: Address; readonly privateKey: Hex }
    /** Pays the gas of sponsored batches. */
    readonly sponsor: Address
    readonly deployer: Address
    readonly operator: Address
    readonly solver: Address
  }
  /** OpenSea on the devnet (Seaport 1.6, the OpenSea API v2 base URL and key). */
  readonly openSea: DevnetOpenSea
  /** The process serving the devnet: a reader of the file can tell a stale one from a live one. */
  readonly pid: number
}

/** The devnet seen from `chainId` (the origin by default). */
export function devnetInfo(devnet: Devnet, chainId: number = devnet.originChainId): DevnetInfo {
  const chains = devnet.chains.map((chain) => ({
    chainId: chain.id,
    name: chain.name,
    active: chain.active ?? false,
    apiUrl: chain.baseApiUrl,
    rpcUrl: devnet.rpcUrls[chain.id]!,
    wsUrl: devnet.websocketUrls[chain.id]!,
    paymasterUrl: devnet.paymasterUrls[chain.id]!,
    checkPollingInterval: chain.checkPollingInterval ?? 250,
    paymentTokens: (chain.paymentTokens ?? []).map(({ address, symbol, name, decimals }) => ({ address, symbol, name, decimals })),
  }))
  const chain = chains.find((c) => c.chainId === chainId)
  if (chain === undefined) throw new Error(`chain ${chainId} is not served by this devnet`)
  const { users, usdcOnlyUser, sponsor, deployer, operator, solver } = devnet.accounts
  return {
    name: "tradekit-devnet",
    chainId,
    rpcUrl: chain.rpcUrl,
    apiUrl: chain.apiUrl,
    wsUrl: chain.wsUrl,
    originChainId: devnet.originChainId,
    destinationChainId: devnet.destinationChainId,
    chains,
    contracts: devnet.contracts,
    accounts: {
      users: users.map((u) => ({ address: u.address, privateKey: u.privateKey })),
      usdcOnlyUser: { address: usdcOnlyUser.address, privateKey: usdcOnlyUser.privateKey },
      sponsor: sponsor.address,
      deployer: deployer.address,
      operator: operator.address,
      solver: solver.address,
    },
    openSea: devnet.openSea,
    pid: process.pid,
  }
}

/** Where the CLI writes {@link DevnetInfo} while it runs, under the directory it was started in; removed on exit. */
export function devnetInfoPath(cwd: string = process.cwd()): string {
  return join(cwd, "node_modules", ".cache", "tradekit-devnet", "devnet.json")
}
