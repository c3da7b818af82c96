import type { Chain, Hex } from "viem"
import type { TransactionStep, TransactionStepItem } from "../../schema/Step.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { ExecutionSnapshot } from "../ExecutionSnapshot.js"
import type { ItemRef } from "../history/itemIdentity.js"

/**
 * One transaction item on its way out, as every part of sending it sees it: the step and item, where the item
 * stands and who it is, the decoded request and the chain it goes out on, and how its hash is recorded.
 * @internal
 */
export interface ItemSend {
  readonly step: TransactionStep
  readonly item: TransactionStepItem
  readonly position: ItemRef
  /** The item's request as it goes to the wallet (the execution's gas limit applied). */
  readonly request: TransactionRequest
  readonly chain: Chain
  readonly chainId: number
  /** A fill on another chain than the execution's. */
  readonly isCrossChain: boolean
  /** The snapshot with `hash` as the item's transaction. */
  readonly withHash: (snapshot: ExecutionSnapshot, hash: Hex) => ExecutionSnapshot
}
