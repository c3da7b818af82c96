import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Hex } from "viem"
import { InvalidSnapshotError, type WalletCallError } from "../../errors/index.js"
import { type ExecutionContext, viemChainOf } from "../ExecutionContext.js"
import { itemJournal, type JournalEntry } from "./Journal.js"

/**
 * Checks the facts a stored journal claims against the current account and the chain, before anything is signed
 * or sent: every send or batch it says was asked for must have been asked from the wallet's account (a send
 * reconciled on resume is looked for among that account's transactions, and adopted as the user's); and, where
 * the wallet can tell, every transaction it says was sent (the latest one of each item) must be known to the
 * chain and be the account's own. A batch's transactions are not among them (a bundler or a sponsor may submit
 * them): a resume reads them, with their status, from the wallet again by the batch's calls id (see
 * `journalOfStored`). A fact that cannot be true is an InvalidSnapshotError:
 * an edited journal cannot make tradekit wait on, or adopt, a transaction that is not the user's.
 */
export const verifyJournal = (
  ctx: ExecutionContext,
  journal: ReadonlyArray<JournalEntry>,
): Effect.Effect<void, InvalidSnapshotError | WalletCallError> =>
  Effect.gen(function* () {
    if (journal.length === 0) return
    const account = (yield* ctx.address).toLowerCase()
    for (const entry of journal) {
      if ((entry._tag === "SendRequested" || entry._tag === "BatchRequested") && entry.from.toLowerCase() !== account) {
        return yield* InvalidSnapshotError.of({
          issue: `its journal says a send was asked for from ${entry.from}, not from the account ${account}`,
        })
      }
    }
    const lookUp = ctx.wallet.transactionByHash
    if (lookUp === undefined) return
    const items = new Set(journal.flatMap((entry) => (entry._tag === "Sent" ? [entry.item] : [])))
    for (const item of items) {
      const sent = itemJournal(journal, item).sent!
      const chain = viemChainOf(ctx, sent.chainId)
      if (chain === undefined)
        return yield* InvalidSnapshotError.of({
          issue: `its journal names a transaction on chain ${sent.chainId}, which is not configured`,
        })
      // A node that cannot answer cannot tell: the check is skipped, as for a wallet without the look-up.
      const answer = yield* Effect.option(lookUp({ chain, hash: sent.hash as Hex }))
      if (Option.isNone(answer)) {
        yield* Effect.logDebug(`tradekit: could not look ${sent.hash} up; the journal's word on it is not checked`)
        continue
      }
      const found = answer.value
      if (found === undefined) {
        return yield* InvalidSnapshotError.of({
          issue: `its journal names transaction ${sent.hash}, which chain ${sent.chainId} does not know`,
        })
      }
      if (found.from.toLowerCase() !== account) {
        return yield* InvalidSnapshotError.of({
          issue: `its journal names transaction ${sent.hash}, sent by ${found.from}, not by the account ${account}`,
        })
      }
    }
  })
