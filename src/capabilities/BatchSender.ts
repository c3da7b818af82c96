import * as Context from "effect/Context"
import type * as ReadyTransactionItems from "../pipeline/readyTransactionItems.js"
import type * as SendBatch from "../pipeline/sendBatch.js"

/** How the executor sends ready transactions as one EIP-5792 batch, settles one sent before, or refuses to. */
export interface BatchSenderService {
  /** The transactions of a step that could go out as one batch. */
  readonly readyTransactionItems: typeof ReadyTransactionItems.readyTransactionItems
  readonly sendReadyBatch: typeof SendBatch.sendReadyBatch
  readonly settleBatch: typeof SendBatch.settleBatch
  readonly failUnknownBatch: typeof SendBatch.failUnknownBatch
}

/**
 * Batches, when the client has them (the `batching` capability); none by default: transactions go one by one,
 * and a snapshot holding a batch is refused (CapabilityMissingError) rather than settled without it.
 */
export class BatchSender extends Context.Reference<BatchSenderService | undefined>("tradekit/BatchSender", {
  defaultValue: () => undefined,
}) {}
