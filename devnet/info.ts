/**
 * What a running devnet says about itself, for apps that find it rather than start it (a standalone
 * playground, a script): the API root answers it (`GET /`, or `GET /chains/{chainId}/` for one chain), and
 * the CLI writes it to {@link devnetInfoPath} while it runs. On the wire, bigints are decimal strings.
 *
 * Each chain is a `ChainConfig` as `createClient` takes it (`id`, `name`, `baseApiUrl`, `websocketUrl`,
 * `paymentTokens`, `checkPollingInterval`, `active`), plus its `rpcUrl` and the older names `chainId`, `apiUrl`,
 * `wsUrl`. `inventory` is what the chain holds at the time of the call, and `endpoints` the read endpoints.
 *
 * @example
 * const info = JSON.parse(readFileSync(devnetInfoPath(), "utf8"))
 * const live = await fetch(info.apiUrl).then((r) => r.json()) // the same answer, or a refused connection when stale
 * const client = createClient({ chains: live.chains })
 * const [listing] = live.inventory.listings // { orderId, contract, tokenId, price, currency, maker, ... }
 */
import { join } from "node:path"
import type { Address, Hex } from "viem"
import type { ChainConfig, PaymentToken } from "../src/chains/ChainConfig.js"
import type { DevnetContracts } from "./chain/deploy.js"
import type { Devnet } from "./Devnet.js"
import type { DevnetOpenSea } from "./opensea/index.js"
import type { DevnetRelay } from "./relay/index.js"
import type { DevnetInventory } from "./server/inventory.js"

/** One chain of the devnet: a `ChainConfig` ready for `createClient({ chains })` (no `viemChain`: JSON has none), and more. */
export interface DevnetChainInfo extends Omit<ChainConfig, "viemChain" | "marketplaceFees"> {
  readonly baseApiUrl: string
  readonly websocketUrl: string
  readonly checkPollingInterval: number
  readonly active: boolean
  readonly paymentTokens: ReadonlyArray<PaymentToken>
  /** `id`, by its older name. */
  readonly chainId: number
  /** `baseApiUrl`, by its older name. */
  readonly apiUrl: string
  readonly rpcUrl: string
  /** `websocketUrl` (the status websocket, `transaction.status` pushes), by its older name. */
  readonly wsUrl: string
  /** The ERC-7677 paymaster service (`paymasterService: { url }`); its sponsor pays sponsored batches' gas. */
  readonly paymasterUrl: string
}

/** The read endpoints of the devnet's API (under each chain's `baseApiUrl`), besides the execute endpoints. */
export const readEndpoints = [
  "GET /collections/v7?id={contract}",
  "GET /tokens/v7?tokens={contract}:{tokenId}&collection={contract}",
  "GET /users/{user}/tokens/v10?collection={contract}",
  "GET /orders/asks/v5?token={contract}:{tokenId}&contracts={contract}&maker={address}&status=active|filled|cancelled|any",
  "GET /orders/bids/v6?token={contract}:{tokenId}&contracts={contract}&maker={address}&status=active|filled|cancelled|any",
  "GET /transactions/{txHash}/synced/v1",
  "GET /transfers/bulk/v2?txHash={txHash}",
] as const

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
  /** Origin first; each ready for `createClient({ chains })`. */
  readonly chains: ReadonlyArray<DevnetChainInfo>
  /** What the chain asked holds at the time of the call: active listings and bids, and who owns which token. */
  readonly inventory: DevnetInventory
  /** The read endpoints, to look around. */
  readonly endpoints: ReadonlyArray<string>
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
  /** Relay on the devnet (its own API base URL, the Depository and router of each chain, the solver). */
  readonly relay: DevnetRelay
  /** The process serving the devnet: a reader of the file can tell a stale one from a live one. */
  readonly pid: number
}

/** The devnet seen from `chainId` (the origin by default). */
export function devnetInfo(devnet: Devnet, chainId: number = devnet.originChainId): DevnetInfo {
  const chains = devnet.chains.map(
    (chain): DevnetChainInfo => ({
      id: chain.id,
      name: chain.name,
      baseApiUrl: chain.baseApiUrl,
      websocketUrl: devnet.websocketUrls[chain.id]!,
      checkPollingInterval: chain.checkPollingInterval ?? 250,
      active: chain.active ?? false,
      paymentTokens: (chain.paymentTokens ?? []).map(({ chainId, address, symbol, name, decimals }) => ({
        chainId,
        address,
        symbol,
        name,
        decimals,
      })),
      chainId: chain.id,
      apiUrl: chain.baseApiUrl,
      rpcUrl: devnet.rpcUrls[chain.id]!,
      wsUrl: devnet.websocketUrls[chain.id]!,
      paymasterUrl: devnet.paymasterUrls[chain.id]!,
    }),
  )
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
    inventory: devnet.inventory(chainId),
    endpoints: readEndpoints,
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
    relay: devnet.relay,
    pid: process.pid,
  }
}

/** Where the CLI writes {@link DevnetInfo} while it runs, under the directory it was started in; removed on exit. */
export function devnetInfoPath(cwd: string = process.cwd()): string {
  return join(cwd, "node_modules", ".cache", "tradekit-devnet", "devnet.json")
}
