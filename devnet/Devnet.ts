/**
 * The types of a running devnet, apart from `startDevnet` so that what describes a devnet (its info, its
 * wallet) can name them without importing the code that starts one.
 */
import type { ChainConfig } from "../src/chains/ChainConfig.js"
import type { DevnetAccounts } from "./accounts.js"
import type { DevnetContracts } from "./chain/deploy.js"
import type { Faults } from "./faults.js"
import type { DevnetOpenSea } from "./opensea/index.js"
import type { DevnetRelay } from "./relay/index.js"
import type { DevnetInventory } from "./server/inventory.js"
import type { RequestLog } from "./server/requestLog.js"

/** Where each phase of the start went, in ms. */
export interface DevnetTimings {
  readonly anvilMs: number
  readonly deployMs: number
  readonly seedMs: number
  readonly totalMs: number
}

/** A running devnet. */
export interface Devnet {
  /** The origin chain's API base URL (also served at the server's root). */
  readonly apiUrl: string
  /** The API base URL of each chain, by chain id. */
  readonly apiUrls: Readonly<Record<number, string>>
  /**
   * The ERC-7677 paymaster service of each chain, by chain id: its sponsor pays the gas of the batches it
   * approves. Not in `chains` by default (a batch is sponsored only when asked): add it to a chain as
   * `{ ...chain, paymasterService: { url: devnet.paymasterUrls[chain.id] } }`.
   */
  readonly paymasterUrls: Readonly<Record<number, string>>
  /** The status websocket of each chain, by chain id (also each chain config's `websocketUrl`). */
  readonly websocketUrls: Readonly<Record<number, string>>
  /** Ready for `createClient({ chains })` / `ClientConfig.layer({ chains })`: origin first and active. */
  readonly chains: ReadonlyArray<ChainConfig>
  readonly rpcUrls: Readonly<Record<number, string>>
  readonly originChainId: number
  readonly destinationChainId: number
  readonly accounts: DevnetAccounts
  readonly contracts: DevnetContracts
  /** The fault knobs (also at `POST /__devnet/faults`). */
  readonly faults: Faults
  readonly timings: DevnetTimings
  /** Every API request answered (admin routes excepted), by route; also at `GET /__devnet/requests`. */
  readonly requests: RequestLog
  /** OpenSea on the devnet: the real Seaport 1.6 on the origin chain and the OpenSea API v2 routes (devnet/opensea). */
  readonly openSea: DevnetOpenSea
  /** Relay on the devnet: its own API base URL, the Depository and router of each chain, the solver (devnet/relay). */
  readonly relay: DevnetRelay
  /** When the indexer recorded the transaction `hash` (ms since the epoch, sub-millisecond), if it has. */
  indexedAt(hash: string): number | undefined
  /** What chain `chainId` (the origin by default) holds now: active listings and bids, and who owns which token. */
  inventory(chainId?: number): DevnetInventory
  /** Resolves once the indexer has caught up with every chain's current head. */
  sync(): Promise<void>
  /** Closes the server, stops the indexer and both anvils. Idempotent. */
  stop(): Promise<void>
}
