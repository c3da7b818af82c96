import type { ExecutionSnapshot } from "../ExecutionSnapshot.js"
import { itemRefsOf, positionalIdentity } from "./itemIdentity.js"
import { itemJournal, type JournalEntry } from "./Journal.js"

/**
 * The journal of a stored snapshot, in today's terms. Journals written before items were known by what they do
 * name a transaction item by its place (`sale#0:0`): each such name becomes the identity of the transaction the
 * stored plan held there. Snapshots older still have no journal: a transaction hash on a stored transaction item
 * says it was sent, and order data on a stored signature item that its order was posted. The stored plan is used for
 * nothing else: what is sent comes from the API's new answer.
 * The transactions of a batch the wallet accepted are left out: the resume reads them, and whether they
 * succeeded, from the wallet again by the batch's calls id — never from storage.
 */
export const journalOfStored = (snapshot: ExecutionSnapshot): ReadonlyArray<JournalEntry> => {
  const { steps, chainId } = snapshot
  const renamed = new Map<string, string>()
  for (const ref of itemRefsOf(steps, chainId).flat()) {
    const positional = positionalIdentity(steps, ref.stepIndex, ref.itemIndex)
    if (positional !== ref.id) renamed.set(positional, ref.id)
  }
  const rename = (id: string) => renamed.get(id) ?? id
  const renamedJournal = (snapshot.journal ?? []).map(
    (entry): JournalEntry =>
      "items" in entry ? { ...entry, items: entry.items.map(rename) } : { ...entry, item: rename(entry.item) },
  )
  // A batch's transactions are the wallet's word on its calls id, read with their receipts' status: a stored
  // copy of that word is not taken (nor a hash on a batched item), the batch is asked about again.
  const batched = new Set(renamedJournal.flatMap((entry) => (entry._tag === "BatchSent" ? entry.items : [])))
  const journal = renamedJournal.filter((entry) => entry._tag !== "Sent" || !batched.has(entry.item))
  const legacy = itemRefsOf(steps, chainId).flatMap((refs, s) =>
    refs.flatMap((ref): ReadonlyArray<JournalEntry> => {
      const item = steps[s]?.items?.[ref.itemIndex]
      const known = itemJournal(journal, ref.id)
      if (steps[s]?.kind === "signature") {
        return item?.orderData === undefined || known.posted !== undefined
          ? []
          : [{ _tag: "Posted", item: ref.id, orderData: item.orderData }]
      }
      const last = item?.internalTxHashes?.at(-1) ?? item?.txHashes?.at(-1)
      return last === undefined || known.sent !== undefined || batched.has(ref.id)
        ? []
        : [{ _tag: "Sent", item: ref.id, chainId: last.chainId, hash: last.txHash }]
    }),
  )
  return [...journal, ...legacy]
}
