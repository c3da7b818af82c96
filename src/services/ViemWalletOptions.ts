import type { PublicClient } from "viem"

/** Options of the viem-backed wallet. */
export interface ViemWalletOptions {
  /** Public clients to read receipts from, by chain id; the wallet's own transport is used otherwise. */
  readonly publicClients?: Readonly<Record<number, PublicClient>>
  /** Milliseconds between two receipt look-ups (default 1000). */
  readonly receiptPollingInterval?: number
  /**
   * A local account's sends ask the node for the receipt in the same call (`eth_sendRawTransactionSync`, EIP-7966)
   * — default true with the `syncSend` capability; a node without the method is asked once per client and chain,
   * then sent to the usual way.
   */
  readonly syncReceipts?: boolean
  /**
   * Milliseconds a local account's send waits for the node to answer with the receipt before it reports the hash
   * and watches the receipt as usual (default 1000): a node holds the call until the block is mined.
   */
  readonly syncReceiptWait?: number
}
