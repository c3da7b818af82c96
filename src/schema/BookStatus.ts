import type { Hex } from "viem"

/**
 * A book's word on a signature or a transaction it was asked about: still `pending`, `success` (the book has it:
 * indexed, filled, posted), or `failure`, with what it knows besides. Each book translates its own answers into it;
 * the executor reads nothing else.
 */
export interface BookStatus {
  readonly status: "pending" | "success" | "failure"
  /**
   * The book's own name for where the item stands, when it has one (Relay: `waiting`, `depositing`, `pending`,
   * `submitted`, `delayed`, `success`, `refund`, `failure`): shown in progress as the item's `checkStatus`.
   */
  readonly stage?: string | undefined
  /** The transactions the book saw for the item (a cross-chain fill's, on the chains they ran on). */
  readonly txHashes?: ReadonlyArray<Hex> | undefined
  /** The chain a cross-chain fill landed on. */
  readonly destinationChainId?: number | undefined
  /** The book's own words on a failure. */
  readonly details?: string | undefined
  /** A cross-chain request the book refunded instead of filling: where the refund went out, when it says. */
  readonly refund?:
    | {
        readonly chainId?: number | undefined
        /** The currency refunded: the zero address for the native one. */
        readonly currency?: Hex | undefined
        readonly txHash?: Hex | undefined
      }
    | undefined
}
