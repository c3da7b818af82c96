import type { OrderData } from "../schema/Step.js"

/** The signature of an item, the moment the wallet returned it. */
export interface SignedEntry {
  readonly _tag: "Signed"
  readonly item: string
  readonly signature: string
}

/** The API stored an item's signed order (its post answered 2xx). */
export interface PostedEntry {
  readonly _tag: "Posted"
  readonly item: string
  readonly orderData?: ReadonlyArray<OrderData>
}

/**
 * An item's post was sent and its outcome is unknown (the connection failed, or the execution stopped, before
 * the answer): the API may hold the order. It is not posted again.
 */
export interface PostRequestedEntry {
  readonly _tag: "PostRequested"
  readonly item: string
}

/**
 * The wallet was asked to send an item's transaction: from which account, on which chain, and the account's
 * next nonce at that moment when the wallet tells it. Until a `Sent` entry follows, the outcome is unknown.
 */
export interface SendRequestedEntry {
  readonly _tag: "SendRequested"
  readonly item: string
  readonly chainId: number
  readonly from: string
  readonly nonce?: number
}

/** The wallet returned a transaction hash for an item (or the item's transaction was replaced by this one). */
export interface SentEntry {
  readonly _tag: "Sent"
  readonly item: string
  readonly chainId: number
  readonly hash: string
}

/**
 * The wallet was asked to send several items' transactions as one atomic batch (EIP-5792 `wallet_sendCalls`):
 * which items, in call order, from which account, on which chain. Until a `BatchSent` entry follows, the
 * outcome is unknown: resume refuses to send those items again (a SendOutcomeUnknownError).
 */
export interface BatchRequestedEntry {
  readonly _tag: "BatchRequested"
  readonly items: ReadonlyArray<string>
  readonly chainId: number
  readonly from: string
  /** The batch was asked to be sponsored (ERC-7677 `paymasterService`): its gas is not the user's. */
  readonly sponsored?: boolean
}

/**
 * The wallet accepted a batch and returned its calls id: resume waits for that id's status (never a second
 * batch). The items' `Sent` entries follow once the status names the transaction(s).
 */
export interface BatchSentEntry {
  readonly _tag: "BatchSent"
  readonly items: ReadonlyArray<string>
  readonly chainId: number
  readonly id: string
  /** The batch was sent with a paymaster service (ERC-7677): its gas is not the user's. */
  readonly sponsored?: boolean
}

/**
 * The wallet refused a batch outright (the user rejected it): nothing was sent, so a resume may ask again.
 */
export interface BatchRejectedEntry {
  readonly _tag: "BatchRejected"
  readonly items: ReadonlyArray<string>
}

/**
 * One side effect of an execution, recorded in the snapshot the moment the wallet or the API confirmed it (or,
 * for `SendRequested` and `PostRequested`, the moment before it was asked for). Resume reads it to re-do
 * nothing that is done. Plain JSON, keyed by item (see `itemKey`).
 */
export type JournalEntry =
  | SignedEntry
  | PostedEntry
  | PostRequestedEntry
  | SendRequestedEntry
  | SentEntry
  | BatchRequestedEntry
  | BatchSentEntry
  | BatchRejectedEntry

/** What the journal says about one item. */
export interface ItemJournal {
  readonly signature?: string
  readonly posted?: PostedEntry
  readonly postRequested: boolean
  readonly sendRequested?: SendRequestedEntry
  /** The latest hash sent for the item (a replacement's when it was replaced). */
  readonly sent?: SentEntry
  /** The latest batch the item was asked to be sent in, unless the wallet refused it. */
  readonly batchRequested?: BatchRequestedEntry
  /** The calls id of the latest batch the wallet accepted with the item in it. */
  readonly batchSent?: BatchSentEntry
}

/** Everything the journal records about the item `key`. */
export const itemJournal = (journal: ReadonlyArray<JournalEntry> | undefined, key: string): ItemJournal => {
  let result: ItemJournal = { postRequested: false }
  for (const entry of journal ?? []) {
    if (entry._tag === "BatchRequested" || entry._tag === "BatchSent" || entry._tag === "BatchRejected") {
      if (!entry.items.includes(key)) continue
      if (entry._tag === "BatchRequested") result = { ...result, batchRequested: entry }
      else if (entry._tag === "BatchSent") result = { ...result, batchSent: entry }
      else {
        const { batchRequested: _refused, ...rest } = result
        result = rest
      }
      continue
    }
    if (entry.item !== key) continue
    switch (entry._tag) {
      case "Signed":
        result = { ...result, signature: entry.signature }
        break
      case "Posted":
        result = { ...result, posted: entry }
        break
      case "PostRequested":
        result = { ...result, postRequested: true }
        break
      case "SendRequested":
        result = { ...result, sendRequested: entry }
        break
      case "Sent":
        result = { ...result, sent: entry }
        break
    }
  }
  return result
}
