/**
 * tradekit: trade NFTs through an order-book aggregator API on any EVM chain, from the user's own wallet.
 *
 * - The Effect API: the actions (`buy`, `sell`, `mint`, `list`, `bid`, `cancel`, `transfer`, `call`) over the
 *   services of `Tradekit.layer(options)` and a wallet from `walletLayer(walletClient)`.
 * - The Promise facade: `createClient(options)`, a drop-in for reservoir-sdk 2.0.x.
 * @module
 */
export * from "./chains/index.js"
export * from "./errors/index.js"
export * from "./schema/index.js"
export { ApiClient, type ApiClientService } from "./services/ApiClient.js"
export type { ApiRequest, ApiResponse, ChainApi } from "./services/ChainApi.js"
export {
  ClientConfig,
  chainFor,
  effectLogLevel,
  resolveClientConfig,
  type ClientOptions,
  type ClientSettings,
  type LogLevelSetting,
  type ResolvedClientConfig,
} from "./services/ClientConfig.js"
export {
  Wallet,
  type GasEstimate,
  type PreparedTransaction,
  type CallsStatus,
  type NonceLookup,
  type ReceiptOutcome,
  type SentTransaction,
  type StepContext,
  type WalletService,
} from "./services/Wallet.js"
export { makeSendLocks, SendLocks, type SendLocksService } from "./services/SendLocks.js"
export { BackgroundTasks, type BackgroundTasksService } from "./services/BackgroundTasks.js"
export { fromViemWalletClient, walletLayer, type ViemWalletOptions } from "./services/viemWallet.js"
export { fromReservoirWallet, isReservoirWallet, type ReservoirWallet } from "./services/reservoirWallet.js"
export { executeSteps, resumeExecution, type ExecuteStepsOptions, type Guard, type ResumeOptions } from "./pipeline/executeSteps.js"
export { DEFAULT_RETRY_POLICY, NO_RETRY, type RetryPolicy } from "./services/RetryPolicy.js"
export { fetchSteps } from "./pipeline/fetchSteps.js"
export type { EstimatedResponse, NetworkFeeTotal } from "./pipeline/estimateNetworkFee.js"
export { StatusMessage, StatusUpdate, subscribeMessage, watchStatusSocket, type StatusFilter } from "./pipeline/watchStatusSocket.js"
export type { ExecuteRequest } from "./pipeline/ExecutionContext.js"
export type { CurrentStep, ExecutionSnapshot } from "./pipeline/ExecutionSnapshot.js"
export type { JournalEntry } from "./pipeline/Journal.js"
export * from "./actions/index.js"
export * from "./plugins/index.js"
export { Tradekit, type TradekitOptions, type TradekitServices } from "./Tradekit.js"
export * from "./client.js"
export { VERSION } from "./version.js"
