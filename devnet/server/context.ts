/** Everything the devnet's route handlers work with. */
import type { Chain, PublicClient } from "viem"
import type { DevnetContracts } from "../chain/deploy.js"
import type { Catalog } from "../core/catalog.js"
import type { Indexer } from "../core/indexer.js"
import type { Intents } from "../core/intents.js"
import type { OrderBook } from "../core/orderBook.js"
import type { Records } from "../core/records.js"
import type { ServerSigner } from "../core/signer.js"
import type { Faults } from "../faults.js"
import type { Paymaster } from "./paymaster.js"

/** One devnet chain as the server sees it. */
export interface ChainRuntime {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
  readonly chain: Chain
  readonly client: PublicClient
}

/** The devnet's state and services, shared by every handler. */
export interface DevnetContext {
  readonly origin: ChainRuntime
  readonly destination: ChainRuntime
  readonly chains: ReadonlyMap<number, ChainRuntime>
  readonly contracts: DevnetContracts
  readonly catalog: Catalog
  readonly book: OrderBook
  readonly indexer: Indexer
  readonly intents: Intents
  readonly records: Records
  readonly faults: Faults
  /** The Exchange operator: honours verified off-chain cancellations. */
  readonly operator: ServerSigner
  /** The ERC-7677 paymaster service: its sponsor pays sponsored batches' gas. */
  readonly paymaster: Paymaster
  /** Flat fee the relayer charges on cross-chain calls, in wei. */
  readonly relayerFee: bigint
}
