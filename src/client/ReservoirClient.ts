import type { Address, WalletClient } from "viem"
import type { CallContractRequest, CallTransaction } from "../actions/call.js"
import type { ApiObject } from "../actions/internal/ActionOptions.js"
import type { Bid } from "../actions/bid.js"
import type { Listing } from "../actions/list.js"
import type { ChainConfig } from "../chains/ChainConfig.js"
import type { ReservoirEventListener } from "../plugins/events.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { ExpectedPrices } from "../plugins/ExpectedPrice.js"
import type { Plugin } from "../plugins/Plugin.js"
import type { ExecuteResponse, Fees, PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import type { ReservoirWallet } from "../services/reservoirWallet.js"
import type { TradekitOptions } from "../Tradekit.js"

/** The options of `createClient`, as reservoir-sdk 2.0.x takes them (plus `plugins`, `httpTimeout`). */
export interface ReservoirClientOptions extends TradekitOptions {
  readonly chains: ReadonlyArray<ChainConfig>
}

/** A wallet as reservoir-sdk 2.0.x takes it: a viem WalletClient with an account, or its ReservoirWallet adapter shape. */
export type ReservoirClientWallet = WalletClient | ReservoirWallet

/** What every facade action takes. */
export interface FacadeParameters {
  readonly wallet: ReservoirClientWallet
  /** The chain to trade on; the active chain when absent. */
  readonly chainId?: number
  /** Aborting it interrupts the action: every poll and request stops, and the promise rejects with its reason. */
  readonly signal?: AbortSignal
  /** Plugins for this call: each replaces the client's plugin of the same name, or is added. */
  readonly plugins?: ReadonlyArray<Plugin>
  /**
   * Called with every progress snapshot of the execution, as it is (immutable, never changed afterwards):
   * status, steps, path, fees, request id, the current step and its items, every tx hash so far.
   */
  readonly onSnapshot?: (snapshot: ExecutionSnapshot) => unknown
}

/**
 * A progress callback with the steps, the path and, during an execution, the response's fees (`{}` when it
 * carries none), as reservoir-sdk 2.0.x calls it; a precheck passes the steps and the path only. Each call
 * gets fresh copies.
 */
export type StepsAndPathCallback = (steps: Array<Step>, path: Array<PathEntry> | null | undefined, fees?: Fees) => unknown

/** The parameters of `actions.buyToken`, `actions.acceptOffer` and `actions.mintToken`. */
export interface TakeParameters extends FacadeParameters {
  readonly items: ReadonlyArray<ApiObject>
  readonly expectedPrice?: ExpectedPrices
  readonly options?: ApiObject
  readonly precheck?: boolean
  /** A gas limit for every transaction. */
  readonly gas?: string
  readonly onProgress?: StepsAndPathCallback
}

/** The parameters of `actions.listToken`. */
export interface ListTokenParameters extends FacadeParameters {
  readonly listings: ReadonlyArray<Listing>
  readonly precheck?: boolean
  readonly onProgress?: (steps: Array<Step>) => unknown
}

/** The parameters of `actions.placeBid`. */
export interface PlaceBidParameters extends FacadeParameters {
  readonly bids: ReadonlyArray<Bid>
  readonly onProgress?: (steps: Array<Step>) => unknown
}

/** The parameters of `actions.cancelOrder`. */
export interface CancelOrderParameters extends FacadeParameters {
  readonly ids: ReadonlyArray<string>
  readonly options?: ApiObject
  readonly gas?: string
  readonly onProgress?: (steps: Array<Step>) => unknown
}

/** The parameters of `actions.transferTokens`. */
export interface TransferTokensParameters extends FacadeParameters {
  readonly to: Address
  readonly items: ReadonlyArray<ApiObject>
  readonly precheck?: boolean
  readonly onProgress?: (steps: Array<Step>) => unknown
}

/** The parameters of `actions.call`. */
export interface CallActionParameters extends FacadeParameters {
  readonly txs: ReadonlyArray<CallTransaction | CallContractRequest>
  readonly toChainId: number
  readonly options?: ApiObject
  readonly precheck?: boolean
  readonly onProgress?: (steps: Array<Step>, fees: Fees | undefined) => unknown
}

/** The actions of the Promise facade, named and shaped as reservoir-sdk 2.0.x's. */
export interface ReservoirClientActions {
  /** Buys tokens; resolves to the API's answer with `precheck`, else `true`. */
  readonly buyToken: (parameters: TakeParameters) => Promise<ExecuteResponse | true>
  /** Accepts offers; resolves to the API's answer with `precheck`, else `true`. */
  readonly acceptOffer: (parameters: TakeParameters) => Promise<ExecuteResponse | true>
  /** Mints tokens; resolves to the API's answer with `precheck`, else `true`. */
  readonly mintToken: (parameters: TakeParameters) => Promise<ExecuteResponse | true>
  /** Lists tokens; resolves to the steps with `precheck`, else `true`. */
  readonly listToken: (parameters: ListTokenParameters) => Promise<Array<Step> | true>
  /** Places bids; resolves to `true`. */
  readonly placeBid: (parameters: PlaceBidParameters) => Promise<true>
  /** Cancels orders; resolves to `true`. */
  readonly cancelOrder: (parameters: CancelOrderParameters) => Promise<true>
  /** Transfers tokens; resolves to the steps with `precheck`, else `true`. */
  readonly transferTokens: (parameters: TransferTokensParameters) => Promise<Array<Step> | true>
  /** Runs transactions on another chain; resolves to the API's answer (with `fees`) with `precheck`, else `true`. */
  readonly call: (parameters: CallActionParameters) => Promise<ExecuteResponse | true>
}

/** The parameters of `resume`: a snapshot stored during an execution (after a reload or a crash). */
export interface ResumeParameters extends Omit<FacadeParameters, "chainId" | "plugins"> {
  readonly snapshot: ExecutionSnapshot
  /** A gas limit for the transactions still to send. */
  readonly gas?: string
}

/** A client of the Promise facade: its own runtime, configuration, plugins and event listeners. */
export interface ReservoirClient {
  /** tradekit's version, as sent in `x-rkc-version`. */
  readonly version: string
  /** The configured chains (trailing slashes of `baseApiUrl` removed). */
  readonly chains: ReadonlyArray<ChainConfig>
  readonly actions: ReservoirClientActions
  /** The chain flagged active, else the first one; null without chains. */
  readonly currentChain: () => ChainConfig | null
  /** Merges `options` into the client's; actions started afterwards use them. */
  readonly configure: (options: Partial<ReservoirClientOptions>) => void
  /** Calls `listener` with every event and the chain id. */
  readonly addEventListener: (listener: ReservoirEventListener) => void
  readonly removeEventListener: (listener: ReservoirEventListener) => void
  readonly clearEventListeners: () => void
  /**
   * Continues an execution from a snapshot (for example one kept in localStorage across a page reload): a
   * transaction already sent is confirmed, not sent again; a signature already posted is not signed again.
   * Resolves to `true` once every step is complete.
   */
  readonly resume: (parameters: ResumeParameters) => Promise<true>
  /** Interrupts every running action and releases the client's resources. */
  readonly dispose: () => Promise<void>
}
