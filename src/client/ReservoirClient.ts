import type { BidParameters } from "../actions/bid.js"
import type { BuyParameters } from "../actions/buy.js"
import type { CallParameters } from "../actions/call.js"
import type { CancelParameters } from "../actions/cancel.js"
import type { CommonActionParameters } from "../actions/internal/ActionOptions.js"
import type { ListParameters } from "../actions/list.js"
import type { MintParameters } from "../actions/mint.js"
import type { ResumeOptions } from "../actions/resume.js"
import type { SellParameters } from "../actions/sell.js"
import type { TransferParameters } from "../actions/transfer.js"
import type { ChainConfig } from "../chains/ChainConfig.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { ReservoirEventListener } from "../plugins/events.js"
import type { ExecuteResponse, Fees, PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import type { ReservoirWallet } from "../services/reservoirWallet.js"
import type { ViemWalletClient } from "../services/viemWallet.js"
import type { TradekitOptions } from "../TradekitOptions.js"
import type { FacadeActions } from "./FacadeActionName.js"

/** The options of `createClient`, as reservoir-sdk 2.0.x takes them (plus `plugins`, `httpTimeout`). */
export interface ReservoirClientOptions extends TradekitOptions {
  readonly chains: ReadonlyArray<ChainConfig>
}

/**
 * A wallet as reservoir-sdk 2.0.x takes it — a viem WalletClient with an account, or its ReservoirWallet adapter
 * shape — or a bare viem client reaching the wallet (wagmi's `useConnectorClient`).
 */
export type ReservoirClientWallet = ViemWalletClient | ReservoirWallet

/**
 * What every facade action takes besides its action's own parameters: the wallet, and the facade's own way
 * of taking the chain, the plugins, cancellation and progress.
 */
export interface FacadeParameters extends Pick<CommonActionParameters, "chainId" | "plugins" | "paymasterService"> {
  readonly wallet: ReservoirClientWallet
  /** Aborting it interrupts the action: every poll and request stops, and the promise rejects with its reason. */
  readonly signal?: AbortSignal | undefined
  /**
   * Called with every progress snapshot of the execution, as it is (immutable, never changed afterwards):
   * status, steps, path, fees, request id, the current step and its items, every tx hash so far.
   */
  readonly onSnapshot?: ((snapshot: ExecutionSnapshot) => unknown) | undefined
}

/**
 * An action's own parameters, as the facade passes them on: all but the chain, plugins and progress callback
 * every action takes (the facade takes those as {@link FacadeParameters} says, with its own `onProgress`).
 */
export type OwnParameters<P extends CommonActionParameters> = Omit<P, keyof CommonActionParameters>

/**
 * A progress callback with the steps, the path and, during an execution, the response's fees (`{}` when it
 * carries none), as reservoir-sdk 2.0.x calls it; a precheck passes the steps and the path only. Each call
 * gets fresh copies.
 */
export type StepsAndPathCallback = (
  steps: Array<Step>,
  path: Array<PathEntry> | null | undefined,
  fees?: Fees,
) => unknown

/** A progress callback with a fresh copy of the steps, as reservoir-sdk 2.0.x calls it. */
export type StepsCallback = (steps: Array<Step>) => unknown

/** The parameters of `actions.buyToken`: those of {@link buy}, the facade's, and a steps-and-path `onProgress`. */
export interface BuyTokenParameters extends FacadeParameters, OwnParameters<BuyParameters> {
  readonly onProgress?: StepsAndPathCallback | undefined
}

/** The parameters of `actions.acceptOffer`: those of {@link sell}, the facade's, and a steps-and-path `onProgress`. */
export interface AcceptOfferParameters extends FacadeParameters, OwnParameters<SellParameters> {
  readonly onProgress?: StepsAndPathCallback | undefined
}

/** The parameters of `actions.mintToken`: those of {@link mint}, the facade's, and a steps-and-path `onProgress`. */
export interface MintTokenParameters extends FacadeParameters, OwnParameters<MintParameters> {
  readonly onProgress?: StepsAndPathCallback | undefined
}

/** The parameters of `actions.listToken`: those of {@link list}, the facade's, and a steps `onProgress`. */
export interface ListTokenParameters extends FacadeParameters, OwnParameters<ListParameters> {
  readonly onProgress?: StepsCallback | undefined
}

/** The parameters of `actions.placeBid`: those of {@link bid}, the facade's, and a steps `onProgress`. */
export interface PlaceBidParameters extends FacadeParameters, OwnParameters<BidParameters> {
  readonly onProgress?: StepsCallback | undefined
}

/**
 * The parameters of `actions.cancelOrder`: those of {@link cancel} with `orderIds` named `ids`, as
 * reservoir-sdk 2.0.x names it, the facade's, and a steps `onProgress`.
 */
export interface CancelOrderParameters extends FacadeParameters, Omit<OwnParameters<CancelParameters>, "orderIds"> {
  readonly ids: CancelParameters["orderIds"]
  readonly onProgress?: StepsCallback | undefined
}

/** The parameters of `actions.transferTokens`: those of {@link transfer}, the facade's, and a steps `onProgress`. */
export interface TransferTokensParameters extends FacadeParameters, OwnParameters<TransferParameters> {
  readonly onProgress?: StepsCallback | undefined
}

/**
 * The parameters of `actions.call`: those of {@link call}, the facade's, and an `onProgress` with the steps and fees.
 */
export interface CallActionParameters extends FacadeParameters, OwnParameters<CallParameters> {
  readonly onProgress?: ((steps: Array<Step>, fees: Fees | undefined) => unknown) | undefined
}

/** The actions of the Promise facade, named and shaped as reservoir-sdk 2.0.x's (see {@link FacadeActions}). */
export interface ReservoirClientActions {
  /** Buys tokens; resolves to the API's answer with `precheck`, else `true`. */
  readonly buyToken: (parameters: BuyTokenParameters) => Promise<ExecuteResponse | true>
  /** Accepts offers; resolves to the API's answer with `precheck`, else `true`. */
  readonly acceptOffer: (parameters: AcceptOfferParameters) => Promise<ExecuteResponse | true>
  /** Mints tokens; resolves to the API's answer with `precheck`, else `true`. */
  readonly mintToken: (parameters: MintTokenParameters) => Promise<ExecuteResponse | true>
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
export interface ResumeParameters
  extends Omit<FacadeParameters, "chainId" | "plugins">,
    Pick<ResumeOptions, "gas" | "expectedPrice" | "resendUnknown"> {
  readonly snapshot: ExecutionSnapshot
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
