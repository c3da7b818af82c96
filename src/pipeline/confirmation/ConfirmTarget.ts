import type * as Effect from "effect/Effect"
import type { Chain, Hex } from "viem"
import type {
  CrossChainTransactionError,
  TransactionCancelledError,
  TransactionFailedError,
  TransactionTimeoutError,
  UnsafeEndpointError,
} from "../../errors/index.js"
import type { BookStatus } from "../../schema/BookStatus.js"
import type { Check } from "../../schema/Step.js"
import type { SentTransaction } from "../../services/Wallet.js"

/** What to confirm: a sent transaction, and how the API is asked about it. */
export interface ConfirmTarget {
  readonly hash: Hex
  readonly chain: Chain
  readonly check: Check | undefined
  /** A fill on another chain than the transaction's: a timeout is then a CrossChainTransactionError. */
  readonly isCrossChain: boolean
  /** Called when the user's wallet replaced the transaction, with the new hash. */
  readonly onReplaced: (hash: Hex) => Effect.Effect<void>
  /** Called with each answer's `stage`, the book's own name for where the transaction stands. */
  readonly onStage?: ((stage: string) => Effect.Effect<void>) | undefined
  /** The send's sender and nonce, when known: the receipt watch then recognises a replacement at once. */
  readonly sent?: SentTransaction | undefined
  /**
   * The receipt's verdict, when the wallet already gave it: a batch's calls status, or the receipt the node
   * answered the send with (EIP-7966). No receipt is then watched; a revert fails the wait at once, a success has
   * the API asked at once and on a backoff, as when a watched receipt lands.
   */
  readonly receipt?: { readonly status: "success" | "reverted" } | undefined
}

/** The confirmed transaction: its final hash, and the API's own fill hashes when it reported them. */
export interface Confirmation {
  readonly hash: Hex
  readonly apiTxHashes: ReadonlyArray<Hex> | undefined
  readonly destinationChainId: number | undefined
}

/** How confirming a transaction can fail. */
export type ConfirmError =
  | UnsafeEndpointError
  | TransactionFailedError
  | TransactionCancelledError
  | TransactionTimeoutError
  | CrossChainTransactionError

/** How a wait for one hash ended: the book's answer (with whether the receipt was in), or a replacement. */
export type Settled =
  | { readonly _tag: "Confirmed"; readonly answer: BookStatus; readonly mined: boolean }
  | { readonly _tag: "Replaced"; readonly hash: Hex }

/** How the API is asked: on the chain's interval, or on a backoff up to it (the receipt just landed). */
export type Pacing = "interval" | "receipt"
