import type { Step, TransactionStep, TransactionStepItem } from "../schema/Step.js"
import type { ExecutionSnapshot } from "./ExecutionSnapshot.js"
import { type ItemKeyOf, type ItemRef, itemRefsOf } from "./history/itemIdentity.js"
import { itemJournal } from "./history/Journal.js"

/** A transaction item whose data is known: who it is, and what it asks to send. */
export interface ReadyTransactionItem {
  readonly ref: ItemRef
  readonly step: TransactionStep
  readonly item: TransactionStepItem & { readonly data: NonNullable<TransactionStepItem["data"]> }
  /** The chain the item's transaction goes to: its data's `chainId`, else the execution's chain. */
  readonly chainId: number
}

const chainIdOf = (item: TransactionStepItem, defaultChainId: number): number => {
  const chainId = (item.data as { readonly chainId?: unknown } | undefined)?.chainId
  return typeof chainId === "number" ? chainId : defaultChainId
}

/**
 * The incomplete items of one step, when every one of them is a transaction ready to send on `chainId` — its
 * data known and nothing of it in the journal yet; undefined otherwise (a signature step, an item waiting
 * for its data, one already sent, asked for or refused as part of a batch, another chain).
 */
const readyItemsOf = (
  snapshot: ExecutionSnapshot,
  stepIndex: number,
  chainId: number | undefined,
  defaultChainId: number,
  keyOf: ItemKeyOf | undefined,
): ReadonlyArray<ReadyTransactionItem> | undefined => {
  const step = snapshot.steps[stepIndex] as Step | undefined
  if (step === undefined || step.kind !== "transaction") return undefined
  const refs = itemRefsOf(snapshot.steps, defaultChainId, keyOf)[stepIndex] ?? []
  const ready: Array<ReadyTransactionItem> = []
  for (const [itemIndex, item] of (step.items ?? []).entries()) {
    if (item.status !== "incomplete") continue
    if (item.data === undefined) return undefined
    const ref = refs[itemIndex]!
    const journal = itemJournal(snapshot.journal, ref.id)
    if (
      journal.sent !== undefined ||
      journal.sendRequested !== undefined ||
      journal.batchRequested !== undefined ||
      journal.batchRefused
    ) {
      return undefined
    }
    const itemChainId = chainIdOf(item, defaultChainId)
    if (itemChainId !== (chainId ?? ready[0]?.chainId ?? itemChainId)) return undefined
    ready.push({ ref, step, item: item as ReadyTransactionItem["item"], chainId: itemChainId })
  }
  return ready.length === 0 ? undefined : ready
}

/**
 * The transactions that can go out together now, in order: the incomplete items of the step at
 * `stepIndex` (the next one to run), then those of each following transaction step, as long as every
 * incomplete item of the step has its data and targets the same chain — typically an approval step then
 * the sale step. Ready items only: a step whose data comes after an earlier step completes (a signature
 * waiting for an approval) ends the run, and so does any item the journal already knows of (sent, asked
 * for, part of a batch, or refused in one). Empty when the next step itself is not ready.
 */
export const readyTransactionItems = (
  snapshot: ExecutionSnapshot,
  stepIndex: number,
  defaultChainId: number,
  keyOf?: ItemKeyOf,
): ReadonlyArray<ReadyTransactionItem> => {
  const first = readyItemsOf(snapshot, stepIndex, undefined, defaultChainId, keyOf)
  if (first === undefined) return []
  const chainId = first[0]!.chainId
  const ready = [...first]
  for (let s = stepIndex + 1; s < snapshot.steps.length; s++) {
    const next = readyItemsOf(snapshot, s, chainId, defaultChainId, keyOf)
    if (next === undefined) break
    ready.push(...next)
  }
  return ready
}
