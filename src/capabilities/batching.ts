import * as Layer from "effect/Layer"
import { readyTransactionItems } from "../pipeline/readyTransactionItems.js"
import { failUnknownBatch, sendReadyBatch, settleBatch } from "../pipeline/sendBatch.js"
import { viemBatches } from "../services/internal/viemBatches.js"
import { BatchSender } from "./BatchSender.js"
import type { Capability } from "./Capability.js"

/**
 * Batches (EIP-5792): the ready transactions of an execution (an approval and the sale) go as one atomic
 * `wallet_sendCalls` when the wallet can, one confirmation instead of one per transaction, and sponsored by the
 * chain's ERC-7677 `paymasterService` when it has one. `batchTransactions` defaults to true with it.
 */
export const batching: Capability = {
  name: "batching",
  layer: () => Layer.succeed(BatchSender, { readyTransactionItems, sendReadyBatch, settleBatch, failUnknownBatch }),
  wallet: viemBatches,
}
