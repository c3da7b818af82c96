/**
 * tradekit: trade NFTs through an order-book aggregator API on any EVM chain, from the user's own wallet.
 *
 * - The Effect API: the actions (`buy`, `sell`, `mint`, `list`, `bid`, `cancel`, `transfer`, `call`) over the
 *   services of `Tradekit.layer(options)` and a wallet from `walletLayer(walletClient)`.
 * - The Promise facade: `createClient(options)`, a drop-in for reservoir-sdk 2.0.x.
 * @module
 */

export * from "./actions/index.js"
export * from "./chains/index.js"
export * from "./client.js"
export * from "./errors/index.js"
export type { ExecuteRequest } from "./pipeline/ExecuteRequest.js"
export type { CurrentStep, ExecutionSnapshot } from "./pipeline/ExecutionSnapshot.js"
export type { EstimatedResponse, NetworkFeeTotal } from "./pipeline/estimateNetworkFee.js"
export { type ExecuteStepsOptions, executeSteps, type Guard } from "./pipeline/executeSteps.js"
export { fetchSteps } from "./pipeline/fetchSteps.js"
export type { JournalEntry } from "./pipeline/history/Journal.js"
export { type StatusFilter, StatusMessage, StatusUpdate, subscribeMessage, watchStatusSocket } from "./pipeline/watchStatusSocket.js"
export * from "./plugins/index.js"
export * from "./schema/index.js"
export { ApiClient, type ApiClientService } from "./services/ApiClient.js"
export { BackgroundTasks, type BackgroundTasksService } from "./services/BackgroundTasks.js"
export type { ApiRequest, ApiResponse, ChainApi } from "./services/ChainApi.js"
export {
  ClientConfig,
  type ClientOptions,
  type ClientSettings,
  chainFor,
  DEFAULT_CLIENT_SETTINGS,
  effectLogLevel,
  type LogLevelSetting,
  type ResolvedClientConfig,
  type ResolvedClientSettings,
  resolveClientConfig,
} from "./services/ClientConfig.js"
export { DEFAULT_RETRY_POLICY, NO_RETRY, type RetryPolicy } from "./services/RetryPolicy.js"
export { fromReservoirWallet, isReservoirWallet, type ReservoirWallet } from "./services/reservoirWallet.js"
export { makeSendLocks, SendLocks, type SendLocksService } from "./services/SendLocks.js"
export { fromViemWalletClient, type ViemWalletOptions, walletLayer } from "./services/viemWallet.js"
export {
  type CallsStatus,
  type GasEstimate,
  type NonceLookup,
  type PreparedTransaction,
  type ReceiptOutcome,
  type SentTransaction,
  type StepContext,
  Wallet,
  type WalletService,
} from "./services/Wallet.js"
export { Tradekit, type TradekitOptions, type TradekitServices } from "./Tradekit.js"
export { VERSION } from "./version.js"
