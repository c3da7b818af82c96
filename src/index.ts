/**
 * tradekit: trade NFTs through an order-book aggregator API on any EVM chain, from the user's own wallet.
 *
 * - The Effect API: the actions (`buy`, `sell`, `mint`, `list`, `bid`, `cancel`, `transfer`, `call`) over the
 *   services of `Tradekit.layer(options)` and a wallet from `walletLayer(walletClient)`.
 * - The Promise facade: `createClient(options)`, a drop-in for reservoir-sdk 2.0.x.
 *
 * Every name exported here is public and listed in docs/API.md (a test keeps the two equal); everything else is
 * internal and may change in any release. The list is explicit, except for two folders that are public whole:
 * the errors and the chain presets. A name becomes public by being added here, not by being exported from the
 * module that defines it.
 * @module
 */

// The actions (Effect API), their parameters, results and error unions.
export { type Bid, type BidErrorType, type BidParameters, type BidReturnType, bid } from "./actions/bid.js"
export { type BuyErrorType, type BuyParameters, type BuyReturnType, buy } from "./actions/buy.js"
export {
  type CallContractRequest,
  type CallErrorType,
  type CallParameters,
  type CallReturnType,
  type CallTransaction,
  call,
} from "./actions/call.js"
export { type CancelErrorType, type CancelParameters, type CancelReturnType, cancel } from "./actions/cancel.js"
export { executionStream } from "./actions/executionStream.js"
export type { CommonActionParameters } from "./actions/internal/ActionOptions.js"
export { type ListErrorType, type Listing, type ListParameters, type ListReturnType, list } from "./actions/list.js"
export { type MintErrorType, type MintParameters, type MintReturnType, mint } from "./actions/mint.js"
export { type ResumeOptions, resumeExecution } from "./actions/resume.js"
export { type SellErrorType, type SellParameters, type SellReturnType, sell } from "./actions/sell.js"
export {
  type TransferErrorType,
  type TransferParameters,
  type TransferReturnType,
  transfer,
} from "./actions/transfer.js"
export { ApiClient, type ApiClientService } from "./apis/reservoir/ApiClient.js"
// The services an app provides or swaps, and their layers.
export { makeReservoirBook, reservoirBookLayer, withReservoirBook } from "./apis/reservoir/reservoirBook.js"
export type { TradekitApi, TradekitBook } from "./apis/TradekitBook.js"
// The optional capabilities of the executor (every one by default; `tradekit/lite` takes those named).
export { allCapabilities } from "./capabilities/allCapabilities.js"
export { batching } from "./capabilities/batching.js"
export type { Capability, CapabilityOptions, WebSocketConstructor } from "./capabilities/Capability.js"
export { capabilitiesLayer } from "./capabilities/capabilitiesLayer.js"
export { executorCapabilities } from "./capabilities/executorCapabilities.js"
export { priceCheck } from "./capabilities/priceCheck.js"
export { reservoirWallets } from "./capabilities/reservoirWallets.js"
export { resumption } from "./capabilities/resumption.js"
export { simulation } from "./capabilities/simulation.js"
export { statusSocket } from "./capabilities/statusSocket.js"
export { syncSend } from "./capabilities/syncSend.js"
// Chain presets (one small definition each: the unused ones are tree-shaken) and chain configuration.
export * from "./chains/index.js"
// The Promise facade.
export type {
  AcceptOfferParameters,
  BuyTokenParameters,
  CallActionParameters,
  CancelOrderParameters,
  FacadeParameters,
  ListTokenParameters,
  MintTokenParameters,
  PlaceBidParameters,
  ReservoirClient,
  ReservoirClientActions,
  ReservoirClientOptions,
  ReservoirClientWallet,
  ResumeParameters,
  StepsAndPathCallback,
  StepsCallback,
  TransferTokensParameters,
} from "./client/ReservoirClient.js"
export { createClient } from "./client.js"
// The typed errors and the union types of them (every error is public).
export * from "./errors/index.js"
export type { CurrentStep, ExecutionSnapshot } from "./pipeline/ExecutionSnapshot.js"
export type { EstimatedResponse, NetworkFeeTotal } from "./pipeline/estimateNetworkFee.js"
export { type ExecuteStepsOptions, executeSteps, type Guard } from "./pipeline/executeSteps.js"
export type { JournalEntry } from "./pipeline/history/Journal.js"
// Plugins and events.
export type { ExpectedPrice, ExpectedPrices } from "./plugins/ExpectedPrice.js"
export {
  eventsPlugin,
  type ReservoirEvent,
  type ReservoirEventData,
  type ReservoirEventListener,
  type ReservoirEventName,
} from "./plugins/events.js"
export { feesPlugin } from "./plugins/fees.js"
export { liquidityRefreshPlugin } from "./plugins/liquidityRefresh.js"
export {
  type ActionCompleteEvent,
  type ActionErrorEvent,
  definePlugin,
  type Plugin,
  type PluginContext,
  type PluginObserver,
  type PluginServices,
  type RequestBody,
} from "./plugins/Plugin.js"
export { defaultPlugins, Plugins } from "./plugins/Plugins.js"
export { priceCheckPlugin, quotesOf } from "./plugins/priceCheck.js"
// The API's answers, as schemas to decode with and the types they decode to.
export { ActionName } from "./schema/ActionName.js"
// Running and resuming an execution; what it reports.
export type { BookStatus } from "./schema/BookStatus.js"
export { ExecuteResponse, Fees, PathEntry } from "./schema/ExecuteResponse.js"
export { SignatureStep, Step, type StepItem, TransactionStep, TransferRecord } from "./schema/Step.js"
export type { TradeParams, TradeRequest } from "./schema/TradeRequest.js"
export type { ApiRequest, ApiResponse, ChainApi } from "./services/ChainApi.js"
export {
  ClientConfig,
  type ClientOptions,
  type ClientSettings,
  DEFAULT_CLIENT_SETTINGS,
  type LogLevelSetting,
  type ResolvedClientConfig,
  type ResolvedClientSettings,
} from "./services/ClientConfig.js"
export {
  HttpTransport,
  type HttpTransportService,
  TransportError,
  type TransportHeaders,
  type TransportRequest,
  type TransportResponse,
} from "./services/HttpTransport.js"
export { httpClientTransport } from "./services/httpClientTransport.js"
export {
  type ChainOrderBook,
  OrderBook,
  type OrderBookService,
  type PlanOptions,
  type TransactionReport,
} from "./services/OrderBook.js"
export { DEFAULT_RETRY_POLICY, NO_RETRY, type RetryPolicy } from "./services/RetryPolicy.js"
export { fromReservoirWallet, type ReservoirWallet } from "./services/reservoirWallet.js"
export {
  fromViemWalletClient,
  type ViemWalletLayerOptions,
  type ViemWalletOptions,
  walletLayer,
} from "./services/viemWallet.js"
export {
  type CallsStatus,
  type GasEstimate,
  type NonceLookup,
  type PreparedTransaction,
  type ReceiptOutcome,
  type SentTransaction,
  type StepContext,
  type SyncSent,
  Wallet,
  type WalletService,
} from "./services/Wallet.js"
export { Tradekit, type TradekitOptions, type TradekitServices } from "./Tradekit.js"
export { VERSION } from "./version.js"
