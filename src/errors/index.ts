/**
 * The typed errors of tradekit. Every failure of an action is one of these, in the Effect error channel
 * (or as the rejection of a Promise facade call); their `message` texts are part of the contract.
 * @module
 */
import type {
  APIError,
  HttpRequestError,
  MalformedResponseError,
  PollTimeoutError,
  RetryAfterTooLongError,
  UnsafeEndpointError,
} from "./ApiErrors.js"
import type { BookConfigurationError, UnsupportedByBookError } from "./BookErrors.js"
import type { CapabilityMissingError } from "./CapabilityMissingError.js"
import type { PluginRejectedError, PriceMismatchError } from "./GuardErrors.js"
import type { BidDataMissingError, MissingChainConfigurationError, NoOrderIdsError } from "./InputErrors.js"
import type { InvalidSnapshotError, OrderPostUnknownError, SendOutcomeUnknownError } from "./JournalErrors.js"
import type { OrderCheckError } from "./OrderCheckError.js"
import type { OrderPostRefusedError } from "./OrderPostRefusedError.js"
import type {
  BatchFailedError,
  CrossChainTransactionError,
  InsufficientFundsError,
  SignatureCheckError,
  TransactionCancelledError,
  TransactionFailedError,
  TransactionHashMissingError,
  TransactionTimeoutError,
  TransactionWouldRevertError,
} from "./TransactionErrors.js"
import type { TransferRefusedError } from "./TransferRefusedError.js"
import type { UnknownError } from "./UnknownError.js"
import type {
  BatchRefusedError,
  CallsIdMissingError,
  ChainMismatchError,
  ChainNotConfiguredError,
  UserRejectedError,
  WalletAddressMismatchError,
  WalletError,
  WalletTimeoutError,
} from "./WalletErrors.js"

export * from "./ApiErrors.js"
export * from "./BookErrors.js"
export * from "./CapabilityMissingError.js"
export * from "./GuardErrors.js"
export * from "./InputErrors.js"
export * from "./JournalErrors.js"
export * from "./OrderCheckError.js"
export * from "./OrderPostRefusedError.js"
export * from "./TransactionErrors.js"
export * from "./TransferRefusedError.js"
export * from "./UnknownError.js"
export * from "./UsageErrors.js"
export * from "./WalletErrors.js"

/** Any failure of a request to the aggregator API. */
export type ApiRequestError =
  | APIError
  | HttpRequestError
  | MalformedResponseError
  | UnsafeEndpointError
  | RetryAfterTooLongError

/** Any failure of a wallet call. */
export type WalletCallError = UserRejectedError | WalletError | ChainMismatchError | WalletTimeoutError

/**
 * Any failure of sending a batch (`wallet_sendCalls`): a wallet call's, a refusal (nothing was sent), or an
 * answer without a usable calls id (the batch may have been sent).
 */
export type BatchSendError = WalletCallError | BatchRefusedError | CallsIdMissingError

/** Any failure of the step executor once it has the steps. */
export type ExecutionError =
  | ApiRequestError
  | BatchSendError
  | PollTimeoutError
  | TransactionHashMissingError
  | TransactionCancelledError
  | TransactionFailedError
  | TransactionTimeoutError
  | TransactionWouldRevertError
  | InsufficientFundsError
  | CrossChainTransactionError
  | BatchFailedError
  | SignatureCheckError
  | WalletAddressMismatchError
  | ChainNotConfiguredError
  | PriceMismatchError
  | OrderPostUnknownError
  | SendOutcomeUnknownError
  | InvalidSnapshotError
  | OrderCheckError
  | OrderPostRefusedError
  | UnsupportedByBookError
  | BookConfigurationError
  | CapabilityMissingError
  | TransferRefusedError
  | UnknownError

/** Errors raised by validating an action's input before any request. */
export type InputError = NoOrderIdsError | BidDataMissingError | MissingChainConfigurationError

/** Every error a tradekit action can fail with. */
export type TradekitError = ExecutionError | InputError | PluginRejectedError
