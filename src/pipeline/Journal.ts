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
 * One side effect of an execution, recorded in the snapshot the moment the wallet or the API confirmed it (or,
 * for `SendRequested` and `PostRequested`, the moment before it was asked for). Resume reads it to re-do
 * nothing that is done. Plain JSON, keyed by item (see `itemKey`).
 */
export type JournalEntry = SignedEntry | PostedEntry | PostRequestedEntry | SendRequestedEntry | SentEntry

/** What the journal says about one item. */
export interface ItemJournal {
  readonly signature?: string
  readonly posted?: PostedEntry
  readonly postRequested: boolean
  readonly sendRequested?: SendRequestedEntry
  /** The latest hash sent for the item (a replacement's when it was replaced). */
  readonly sent?: SentEntry
}

/** Everything the journal records about the item `key`. */
export const itemJournal = (journal: ReadonlyArray<JournalEntry> | undefined, key: string): ItemJournal => {
  let result: ItemJournal = { postRequested: false }
  for (const entry of journal ?? []) {
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
