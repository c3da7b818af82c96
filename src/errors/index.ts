/**
 * The typed errors of tradekit. Every failure of an action is one of these, in the Effect error channel
 * (or as the rejection of a Promise facade call); their `message` texts are part of the contract.
 * @module
 */
import type { APIError } from "./APIError.js"
import type { BatchFailedError } from "./BatchFailedError.js"
import type { BatchRefusedError } from "./BatchRefusedError.js"
import type { BidDataMissingError } from "./BidDataMissingError.js"
import type { BookConfigurationError } from "./BookConfigurationError.js"
import type { CallsIdMissingError } from "./CallsIdMissingError.js"
import type { CapabilityMissingError } from "./CapabilityMissingError.js"
import type { ChainMismatchError } from "./ChainMismatchError.js"
import type { ChainNotConfiguredError } from "./ChainNotConfiguredError.js"
import type { CrossChainTransactionError } from "./CrossChainTransactionError.js"
import type { HttpRequestError } from "./HttpRequestError.js"
import type { InsufficientFundsError } from "./InsufficientFundsError.js"
import type { InvalidSnapshotError } from "./InvalidSnapshotError.js"
import type { MalformedResponseError } from "./MalformedResponseError.js"
import type { MissingChainConfigurationError } from "./MissingChainConfigurationError.js"
import type { NoOrderIdsError } from "./NoOrderIdsError.js"
import type { OrderCheckError } from "./OrderCheckError.js"
import type { OrderPostRefusedError } from "./OrderPostRefusedError.js"
import type { OrderPostUnknownError } from "./OrderPostUnknownError.js"
import type { PluginRejectedError } from "./PluginRejectedError.js"
import type { PollTimeoutError } from "./PollTimeoutError.js"
import type { PriceMismatchError } from "./PriceMismatchError.js"
import type { RetryAfterTooLongError } from "./RetryAfterTooLongError.js"
import type { SendOutcomeUnknownError } from "./SendOutcomeUnknownError.js"
import type { SignatureCheckError } from "./SignatureCheckError.js"
import type { TransactionCancelledError } from "./TransactionCancelledError.js"
import type { TransactionFailedError } from "./TransactionFailedError.js"
import type { TransactionHashMissingError } from "./TransactionHashMissingError.js"
import type { TransactionTimeoutError } from "./TransactionTimeoutError.js"
import type { TransactionWouldRevertError } from "./TransactionWouldRevertError.js"
import type { TransferRefusedError } from "./TransferRefusedError.js"
import type { UnknownError } from "./UnknownError.js"
import type { UnsafeEndpointError } from "./UnsafeEndpointError.js"
import type { UnsupportedByBookError } from "./UnsupportedByBookError.js"
import type { UserRejectedError } from "./UserRejectedError.js"
import type { WalletAddressMismatchError } from "./WalletAddressMismatchError.js"
import type { WalletError } from "./WalletError.js"
import type { WalletTimeoutError } from "./WalletTimeoutError.js"

export * from "./APIError.js"
export * from "./BatchFailedError.js"
export * from "./BatchRefusedError.js"
export * from "./BidDataMissingError.js"
export * from "./BookConfigurationError.js"
export * from "./CallsIdMissingError.js"
export * from "./CapabilityMissingError.js"
export * from "./ChainMismatchError.js"
export * from "./ChainNotConfiguredError.js"
export * from "./CrossChainTransactionError.js"
export * from "./ExecutionInProgressError.js"
export * from "./HttpRequestError.js"
export * from "./InsufficientFundsError.js"
export * from "./InvalidSnapshotError.js"
export * from "./MalformedResponseError.js"
export * from "./MissingChainConfigurationError.js"
export * from "./NoOrderIdsError.js"
export * from "./OrderCheckError.js"
export * from "./OrderPostRefusedError.js"
export * from "./OrderPostUnknownError.js"
export * from "./PluginRejectedError.js"
export * from "./PollTimeoutError.js"
export * from "./PriceMismatchError.js"
export * from "./RetryAfterTooLongError.js"
export * from "./SendOutcomeUnknownError.js"
export * from "./SignatureCheckError.js"
export * from "./TransactionCancelledError.js"
export * from "./TransactionFailedError.js"
export * from "./TransactionHashMissingError.js"
export * from "./TransactionTimeoutError.js"
export * from "./TransactionWouldRevertError.js"
export * from "./TransferRefusedError.js"
export * from "./UnknownError.js"
export * from "./UnsafeEndpointError.js"
export * from "./UnsupportedByBookError.js"
export * from "./UserRejectedError.js"
export * from "./WalletAddressMismatchError.js"
export * from "./WalletError.js"
export * from "./WalletTimeoutError.js"

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
