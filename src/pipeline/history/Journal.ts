import type { OrderData, Post } from "../../schema/Step.js"

/**
 * The signature of an item, the moment the wallet returned it, and the post it was made for: a resume posts
 * exactly what was signed, whatever the book's new plan says (a new salt, a new start time).
 */
export interface SignedEntry {
  readonly _tag: "Signed"
  readonly item: string
  readonly signature: string
  readonly post?: Post
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
 * next nonce at that moment when the wallet tells it. `exactNonce` says the transaction goes out with exactly
 * that nonce (an account that signs locally, filled by tradekit); otherwise the nonce is the wallet's to pick
 * and only a guess. Until a `Sent` or `SendRejected` entry follows, the outcome is unknown.
 */
export interface SendRequestedEntry {
  readonly _tag: "SendRequested"
  readonly item: string
  readonly chainId: number
  readonly from: string
  readonly nonce?: number
  readonly exactNonce?: boolean
}

/** The wallet answered an item's send request with a refusal (the user rejected it): nothing was sent. */
export interface SendRejectedEntry {
  readonly _tag: "SendRejected"
  readonly item: string
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
 * The wallet answered a batch with an error of its own (EIP-5792's 57xx codes, an unsupported method or
 * chain, an internal error): nothing was sent, and the wallet cannot batch these calls. The items go out one
 * by one, and the execution asks for no batch again, in this run or a resumed one.
 */
export interface BatchRefusedEntry {
  readonly _tag: "BatchRefused"
  readonly items: ReadonlyArray<string>
  readonly reason: string
}

/**
 * One side effect of an execution, recorded in the snapshot the moment the wallet or the API confirmed it (or,
 * for `SendRequested` and `PostRequested`, the moment before it was asked for). Resume reads it to re-do
 * nothing that is done. Plain JSON, keyed by item identity (see `itemIdentity`): a transaction by what it does.
 */
export type JournalEntry =
  | SignedEntry
  | PostedEntry
  | PostRequestedEntry
  | SendRequestedEntry
  | SendRejectedEntry
  | SentEntry
  | BatchRequestedEntry
  | BatchSentEntry
  | BatchRejectedEntry
  | BatchRefusedEntry

/** What the journal says about one item. */
export interface ItemJournal {
  readonly signature?: string
  /** The post the signature was made for. */
  readonly signedPost?: Post
  readonly posted?: PostedEntry
  readonly postRequested: boolean
  readonly sendRequested?: SendRequestedEntry
  /** The wallet refused the latest send request: nothing was sent for it. */
  readonly sendRejected: boolean
  /** The latest hash sent for the item (a replacement's when it was replaced). */
  readonly sent?: SentEntry
  /** The latest batch the item was asked to be sent in, unless the wallet refused it. */
  readonly batchRequested?: BatchRequestedEntry
  /** The calls id of the latest batch the wallet accepted with the item in it. */
  readonly batchSent?: BatchSentEntry
  /** A wallet refused a batch with the item in it: it goes out alone. */
  readonly batchRefused: boolean
}

/** Everything the journal records about the item `key`. */
export const itemJournal = (journal: ReadonlyArray<JournalEntry> | undefined, key: string): ItemJournal => {
  let result: ItemJournal = { postRequested: false, sendRejected: false, batchRefused: false }
  for (const entry of journal ?? []) {
    if (
      entry._tag === "BatchRequested" ||
      entry._tag === "BatchSent" ||
      entry._tag === "BatchRejected" ||
      entry._tag === "BatchRefused"
    ) {
      if (!entry.items.includes(key)) continue
      if (entry._tag === "BatchRequested") result = { ...result, batchRequested: entry }
      else if (entry._tag === "BatchSent") result = { ...result, batchSent: entry }
      else {
        const { batchRequested: _refused, ...rest } = result
        result = entry._tag === "BatchRefused" ? { ...rest, batchRefused: true } : rest
      }
      continue
    }
    if (entry.item !== key) continue
    switch (entry._tag) {
      case "Signed":
        result = {
          ...result,
          signature: entry.signature,
          ...(entry.post !== undefined ? { signedPost: entry.post } : {}),
        }
        break
      case "Posted":
        result = { ...result, posted: entry }
        break
      case "PostRequested":
        result = { ...result, postRequested: true }
        break
      case "SendRequested":
        result = { ...result, sendRequested: entry, sendRejected: false }
        break
      case "SendRejected":
        result = { ...result, sendRejected: true }
        break
      case "Sent":
        result = { ...result, sent: entry }
        break
    }
  }
  return result
}

/** True when a wallet refused a batch in this execution: it is not asked for another. */
export const batchRefusedBefore = (journal: ReadonlyArray<JournalEntry> | undefined): boolean =>
  (journal ?? []).some((entry) => entry._tag === "BatchRefused")
