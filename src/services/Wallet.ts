import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Address, Chain, Hex, SignableMessage, TypedDataDefinition } from "viem"
import type { BatchSendError, WalletCallError } from "../errors/index.js"
import type { Step, StepItem } from "../schema/Step.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"

/** The step and item a wallet call is made for: adapters of the older SDK's wallet shape need them. */
export interface StepContext {
  readonly step: Step
  readonly item: StepItem
}

/** How waiting for a transaction ended: it was mined (successfully or not), or another transaction replaced it. */
export type ReceiptOutcome =
  | {
      readonly _tag: "Mined"
      readonly hash: Hex
      readonly status: "success" | "reverted"
      readonly blockNumber: bigint
    }
  | { readonly _tag: "Replaced"; readonly hash: Hex; readonly reason: "replaced" | "repriced" | "cancelled" }

/**
 * What a send looked like, so a replacement is recognised without first reading the original from the node:
 * the sender and nonce identify the slot; `to`, `value` and `input` tell a repricing from a replacement.
 */
export interface SentTransaction {
  readonly from: Address
  readonly nonce: number
  readonly to?: Address | null | undefined
  readonly value?: bigint | undefined
  readonly input?: Hex | undefined
}

/**
 * What the chain knows of an account's transaction with a given nonce: nothing (`None`), one waiting in the
 * node's pool (`Pending`), or the mined one with what it does.
 */
export type NonceLookup =
  | { readonly _tag: "None" }
  | { readonly _tag: "Pending" }
  | {
      readonly _tag: "Mined"
      readonly hash: Hex
      readonly to: Address | null
      readonly value: bigint
      readonly input: Hex
    }

/**
 * What sends for the account: an externally owned account (`eoa`), whose transactions take its nonces one by
 * one, or a `smart` account — code at its address, an EIP-7702 delegation among it — whose sends may go
 * through a bundler and leave its own nonce unchanged.
 */
export type AccountKind = "eoa" | "smart"

/** A transaction as the chain knows it by its hash: who sent it, with which nonce, and what it does. */
export interface KnownTransaction {
  readonly from: Address
  readonly nonce: number
  readonly to: Address | null
  readonly value: bigint
  readonly input: Hex
}

/**
 * What simulating a transaction at the latest block showed: the gas it needs, the revert it would hit (the raw
 * revert data and the node's text, as far as the node tells them), or that the node cannot simulate.
 */
export type GasEstimate =
  | { readonly _tag: "Estimated"; readonly gas: bigint }
  | { readonly _tag: "Reverted"; readonly data?: Hex | undefined; readonly message?: string | undefined }
  | { readonly _tag: "Unsupported" }

/**
 * Where a batch of calls stands (EIP-5792 `wallet_getCallsStatus`): still `pending`, landed (`success`), or
 * `failure` — failed off chain, reverted, or (for a non-atomic wallet) partly reverted. `statusCode` is the
 * wallet's own code (100, 200, 400, 500, 600); the receipts name the transaction(s) that carried the calls.
 */
export interface CallsStatus {
  readonly status: "pending" | "success" | "failure"
  readonly statusCode?: number | undefined
  readonly receipts: ReadonlyArray<{ readonly hash: Hex; readonly status: "success" | "reverted" }>
}

/**
 * A transaction filled for sending (`Prepared`: its gas and fees set, and the nonce it goes out with), or the revert
 * filling it hit (`Reverted`, as {@link GasEstimate} words it).
 */
export type PreparedTransaction =
  | { readonly _tag: "Prepared"; readonly request: TransactionRequest; readonly nonce: number }
  | Extract<GasEstimate, { readonly _tag: "Reverted" }>

/**
 * A transaction sent with its receipt asked for in the same call: its hash, and the receipt's verdict when the
 * node answered with it (EIP-7966 `eth_sendRawTransactionSync`); without one, the receipt is watched as usual.
 */
export interface SyncSent {
  readonly hash: Hex
  readonly receipt?: { readonly status: "success" | "reverted"; readonly blockNumber: bigint } | undefined
}

/** What the Wallet service offers: the connected account, signing, sending and watching transactions. */
export interface WalletService {
  /** The connected account's address. */
  readonly address: Effect.Effect<Address, WalletCallError>
  /** The chain the wallet is on now. */
  readonly chainId: Effect.Effect<number, WalletCallError>
  /** The latest block number of `chain`, as the wallet's node sees it. */
  readonly blockNumber: (chain: Chain) => Effect.Effect<bigint, WalletCallError>
  /** Signs an EIP-191 personal message (text, or `{ raw }` bytes). */
  readonly signMessage: (args: {
    readonly message: SignableMessage
    readonly chainId: number
    readonly context: StepContext
  }) => Effect.Effect<Hex, WalletCallError>
  /**
   * Signs EIP-712 typed data for `chain`: the chain its domain names (`domain.chainId`), else the step's chain.
   * A wallet that signs on its active chain only must be on `chain` first.
   */
  readonly signTypedData: (args: {
    readonly typedData: TypedDataDefinition
    readonly chain: Chain
    readonly context: StepContext
  }) => Effect.Effect<Hex, WalletCallError>
  /**
   * Sends a transaction on `chain`; the hash, or undefined when the wallet returned none. `nonce` is the one
   * {@link nextNonce} just read: a wallet that picks nonces itself (a browser wallet) may ignore it, one that
   * signs locally uses it instead of reading it again.
   */
  readonly sendTransaction: (args: {
    readonly chain: Chain
    readonly request: TransactionRequest
    readonly context: StepContext
    readonly nonce?: number | undefined
  }) => Effect.Effect<Hex | undefined, WalletCallError>
  /**
   * Sends a transaction filled for sending (gas, fees) with exactly `nonce`, and answers its hash with the receipt
   * when the node has it mined within a short wait (EIP-7966 `eth_sendRawTransactionSync`): one round trip where a
   * send and a receipt read were two. For a wallet that signs locally. Optional: without it, or for a transaction
   * not filled, the executor uses {@link sendTransaction} and watches the receipt.
   */
  readonly sendTransactionSync?: (args: {
    readonly chain: Chain
    readonly request: TransactionRequest
    readonly context: StepContext
    readonly nonce: number
  }) => Effect.Effect<SyncSent, WalletCallError>
  /**
   * Simulates a transaction on `chain` at the latest block (`eth_estimateGas` from `request.from`, without the
   * request's fee fields); no prompt. Optional: without it, transactions are sent unsimulated and carry no fee
   * estimate. A node that does not know the method answers `Unsupported`, never a failure.
   */
  readonly estimateGas?: (args: {
    readonly chain: Chain
    readonly request: TransactionRequest
  }) => Effect.Effect<GasEstimate, WalletCallError>
  /**
   * Moves the wallet to `chain` before a transaction there is simulated, filled and sent, for a wallet whose reads
   * follow the chain it is on (a browser wallet's): its nonce, gas, fees and balance are then read on the right
   * chain. Optional: without it, the wallet is asked as it is.
   */
  readonly moveToChain?: ((chain: Chain) => Effect.Effect<void, WalletCallError>) | undefined
  /**
   * Fills a transaction in one round trip where the node can (`eth_fillTransaction`): the simulation at the latest
   * block, the gas, the fees and the account's next nonce. For a wallet that signs locally, whose send then goes out
   * as filled. Optional: without it, the executor simulates with `estimateGas` and reads the nonce with `nextNonce`.
   */
  readonly prepareTransaction?: (args: {
    readonly chain: Chain
    readonly request: TransactionRequest
  }) => Effect.Effect<PreparedTransaction, WalletCallError>
  /**
   * The account's ETH balance on `chain`, in wei. Optional: with it, a transaction the account cannot pay the gas
   * (and value) of is refused before the prompt (InsufficientFundsError), as a node's estimate may not refuse it.
   */
  readonly balance?: (args: {
    readonly chain: Chain
    readonly address: Address
  }) => Effect.Effect<bigint, WalletCallError>
  /**
   * The current max fee per gas on `chain` (EIP-1559's, else the gas price), in wei. Optional: without it, no fee
   * estimate.
   */
  readonly maxFeePerGas?: (chain: Chain) => Effect.Effect<bigint, WalletCallError>
  /**
   * The account's next nonce on `chain`, pending transactions included. Optional: with it (and
   * `transactionByNonce`) a send whose outcome is unknown — abandoned, aborted, interrupted — is reconciled on
   * resume instead of refused.
   */
  readonly nextNonce?: (args: {
    readonly chain: Chain
    readonly address: Address
  }) => Effect.Effect<number, WalletCallError>
  /** The account's transaction with `nonce` on `chain`: mined (found near the chain's tip), pending, or none. */
  readonly transactionByNonce?: (args: {
    readonly chain: Chain
    readonly address: Address
    readonly nonce: number
  }) => Effect.Effect<NonceLookup, WalletCallError>
  /**
   * Whether the account is an EOA or a smart account (code at its address, an EIP-7702 delegation among it).
   * Optional: without it, an account is taken for an EOA whose wallet picks the nonces — which is never
   * reconciled by nonce alone either.
   */
  readonly accountKind?: (args: {
    readonly chain: Chain
    readonly address: Address
  }) => Effect.Effect<AccountKind, WalletCallError>
  /**
   * The transaction `hash` on `chain`, mined or pending, or undefined when the chain does not know it. Optional:
   * with it, a resume checks that a transaction the stored journal names exists and is the account's.
   */
  readonly transactionByHash?: (args: {
    readonly chain: Chain
    readonly hash: Hex
  }) => Effect.Effect<KnownTransaction | undefined, WalletCallError>
  /**
   * Waits until the transaction is mined or replaced. `sent`, when the caller knows the nonce it was sent with,
   * lets a replacement be recognised early. Interrupting it stops the wait.
   */
  readonly waitForReceipt: (args: {
    readonly chain: Chain
    readonly hash: Hex
    readonly sent?: SentTransaction | undefined
  }) => Effect.Effect<ReceiptOutcome, WalletCallError>
  /**
   * Whether the wallet sends atomic batches on `chain` (EIP-5792 capability `atomic` is `supported` or
   * `ready`). Optional, like the two members after it: without all three, transactions go one by one. An
   * adapter asks the wallet once per chain and remembers the answer.
   */
  readonly atomicBatch?: (chain: Chain) => Effect.Effect<boolean, WalletCallError>
  /**
   * Whether the wallet can have a batch's gas sponsored on `chain` by an ERC-7677 paymaster service (EIP-5792
   * capability `paymasterService: { supported: true }`), from the same capabilities answer as {@link atomicBatch}.
   * Optional: without it, batches are not sponsored.
   */
  readonly paymasterService?: (chain: Chain) => Effect.Effect<boolean, WalletCallError>
  /**
   * Sends `calls` on `chain` as one atomic batch (`wallet_sendCalls`, version 2.0.0, `atomicRequired: true`):
   * all land or none does, after one confirmation by the user. Answers the batch's calls id. Fails with a
   * BatchRefusedError when the wallet answered with an error (nothing was sent), a CallsIdMissingError when
   * it answered without a usable id (the batch may have been sent).
   */
  readonly sendCalls?: (args: {
    readonly chain: Chain
    readonly calls: ReadonlyArray<TransactionRequest>
    /** The step and item of each call, in order. */
    readonly context: ReadonlyArray<StepContext>
    /**
     * Capabilities of the batch: `paymasterService` has its gas paid by that ERC-7677 service. Sent as optional, so
     * a wallet without the capability still sends the batch, unsponsored.
     */
    readonly capabilities?: { readonly paymasterService?: { readonly url: string } | undefined } | undefined
  }) => Effect.Effect<string, BatchSendError>
  /** One look at a batch's status (`wallet_getCallsStatus`); the caller paces and bounds the wait. */
  readonly callsStatus?: (args: {
    readonly chain: Chain
    readonly id: string
  }) => Effect.Effect<CallsStatus, WalletCallError>
}

/**
 * The user's wallet. Provide it from a viem WalletClient with `walletLayer` / `fromViemWalletClient`, from the
 * older SDK's wallet shape with `fromReservoirWallet`, or use the fake of `tradekit/testing` in tests.
 */
export class Wallet extends Context.Service<Wallet, WalletService>()("tradekit/Wallet") {}
