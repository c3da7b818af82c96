import { type ExecutionSnapshot, nextIncompleteStep } from "./ExecutionSnapshot.js"
import { type ItemKeyOf, type ItemRef, itemRefsOf, refsWithIds } from "./history/itemIdentity.js"
import { type BatchRequestedEntry, type BatchSentEntry, batchRefusedBefore, itemJournal } from "./history/Journal.js"
import type { ReadyTransactionItem, readyTransactionItems } from "./readyTransactionItems.js"

/**
 * What the executor does next, decided from the plan and the journal alone:
 * - `Done`: no incomplete item is left;
 * - `AwaitData`: the next step has an item whose data the API has not given yet: ask again;
 * - `SettleBatch`: a batch the wallet accepted (journaled with its calls id) holds items of the next step:
 *   wait for it by that id, never a second batch;
 * - `UnknownBatch`: a batch was asked for and no calls id came back: its outcome is unknown;
 * - `RunStep`: run the step's incomplete items; `batchable` lists the transactions that could go out as one
 *   batch first (two or more — or one, when a sponsor may pay its gas — and no wallet refused a batch in this
 *   execution).
 */
export type NextMove =
  | { readonly _tag: "Done" }
  | { readonly _tag: "AwaitData"; readonly stepIndex: number }
  | { readonly _tag: "SettleBatch"; readonly entry: BatchSentEntry; readonly items: ReadonlyArray<ItemRef> }
  | { readonly _tag: "UnknownBatch"; readonly entry: BatchRequestedEntry; readonly items: ReadonlyArray<ItemRef> }
  | {
      readonly _tag: "RunStep"
      readonly stepIndex: number
      readonly items: ReadonlyArray<ItemRef>
      readonly batchable: ReadonlyArray<ReadyTransactionItem>
    }

/**
 * Decides the next move of an execution on `chainId` (see {@link NextMove}). Pure: the loop dispatches on it,
 * so what happens next is read in one place. With `resendUnknown`, a batch of unknown outcome is not in the
 * way: its items may be sent again. Without `readyItems` (a client without batches), nothing is batchable.
 */
export const nextMove = (
  snapshot: ExecutionSnapshot,
  chainId: number,
  options: {
    readonly resendUnknown: boolean
    readonly sponsorable?: boolean
    readonly itemKey?: ItemKeyOf | undefined
    /** The transactions of a step that could go out as one batch: the batching capability's. */
    readonly readyItems?: typeof readyTransactionItems | undefined
  },
): NextMove => {
  const { steps, journal } = snapshot
  const keyOf = options.itemKey
  const refs = itemRefsOf(steps, chainId, keyOf)
  const next = nextIncompleteStep(steps)
  if (next === undefined) return { _tag: "Done" }
  const { stepIndex } = next
  const step = steps[stepIndex]!
  const items = next.itemIndexes.map((i) => refs[stepIndex]![i]!)
  if (items.some((ref) => step.items?.[ref.itemIndex]?.data === undefined)) return { _tag: "AwaitData", stepIndex }

  for (const ref of items) {
    const known = itemJournal(journal, ref.id)
    if (known.sent !== undefined) continue
    if (known.batchSent !== undefined) {
      return {
        _tag: "SettleBatch",
        entry: known.batchSent,
        items: refsWithIds(steps, chainId, known.batchSent.items, keyOf),
      }
    }
    if (known.batchRequested !== undefined && !options.resendUnknown) {
      return {
        _tag: "UnknownBatch",
        entry: known.batchRequested,
        items: refsWithIds(steps, chainId, known.batchRequested.items, keyOf),
      }
    }
  }
  const ready =
    options.readyItems === undefined || batchRefusedBefore(journal)
      ? []
      : options.readyItems(snapshot, stepIndex, chainId, keyOf)
  return {
    _tag: "RunStep",
    stepIndex,
    items,
    batchable: ready.length >= (options.sponsorable === true ? 1 : 2) ? ready : [],
  }
}
