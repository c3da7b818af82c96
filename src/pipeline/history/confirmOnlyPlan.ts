import type { Step } from "../../schema/Step.js"
import type { ExecutionSnapshot } from "../ExecutionSnapshot.js"
import { type ItemKeyOf, itemRefsOf } from "./itemIdentity.js"
import { itemJournal, type JournalEntry } from "./Journal.js"

/** The part of a stored plan a resume may still carry out when the API no longer plans it, and what it leaves. */
export interface ConfirmOnlyPlan {
  readonly steps: ReadonlyArray<Step>
  /** How many incomplete items were left out: work the API would have to plan again. */
  readonly leftOut: number
}

/**
 * When the API answers a resume's request for the plan with an error — typically because the order was filled,
 * by the very transaction the journal records — what was already sent can still be confirmed: the stored plan's
 * transaction items whose transaction (or batch) the journal records as sent, and its complete items. Nothing
 * else of it is kept, as nothing of a stored plan is ever sent: confirming only reads (the receipt, the API's
 * check on an endpoint the plan's validation accepts, the calls status). Undefined when no such item is left.
 */
export const confirmOnlyPlan = (
  stored: ExecutionSnapshot,
  journal: ReadonlyArray<JournalEntry>,
  keyOf?: ItemKeyOf,
): ConfirmOnlyPlan | undefined => {
  const refs = itemRefsOf(stored.steps, stored.chainId, keyOf)
  let leftOut = 0
  let toConfirm = 0
  const steps = stored.steps.flatMap((step, s): ReadonlyArray<Step> => {
    const items = (step.items ?? []).filter((item, i) => {
      if (item.status === "complete") return true
      const known = itemJournal(journal, refs[s]![i]!.id)
      const sent = step.kind === "transaction" && (known.sent !== undefined || known.batchSent !== undefined)
      if (sent) toConfirm++
      else leftOut++
      return sent
    })
    return items.length === 0 ? [] : [{ ...step, items } as Step]
  })
  return toConfirm === 0 ? undefined : { steps, leftOut }
}
