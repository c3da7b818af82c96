import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { type ExecutionError, SendOutcomeUnknownError, TransactionTimeoutError } from "../../errors/index.js"
import { NO_STACK } from "../../internal/spanOptions.js"
import type { Step, StepItem } from "../../schema/Step.js"
import { TransactionRequest } from "../../schema/TransactionRequest.js"
import { type ExecutionContext, viemChainOf } from "../ExecutionContext.js"
import type { ExecutionSnapshot } from "../ExecutionSnapshot.js"
import { itemRefsOf } from "./itemIdentity.js"
import { type ItemJournal, itemJournal, type JournalEntry } from "./Journal.js"
import { reconcileSend } from "./reconcileSend.js"

const decodeRequest = Schema.decodeUnknownOption(TransactionRequest)

/** The items the journal says the wallet was asked to send, alone or in a batch. */
const journaledSends = (journal: ReadonlyArray<JournalEntry>): ReadonlySet<string> => {
  const items = (entry: JournalEntry): ReadonlyArray<string> => {
    if (entry._tag === "SendRequested" || entry._tag === "Sent") return [entry.item]
    return entry._tag === "BatchRequested" ? entry.items : []
  }
  return new Set(journal.flatMap(items))
}

/**
 * Waits until the transaction `hash` is mined or replaced by a mined one: its outcome is then on chain. As long as
 * a confirmation waits (the poll budget), then a TransactionTimeoutError: a stuck send is never left behind.
 */
const awaitMined = (ctx: ExecutionContext, chainId: number, hash: Hex) =>
  Effect.gen(function* () {
    const chain = viemChainOf(ctx, chainId)
    const from = yield* ctx.address
    if (chain === undefined) return yield* SendOutcomeUnknownError.of({ from, chainId, reason: "no-nonce" })
    const explorer = chain.blockExplorers?.default.url
    yield* Effect.timeoutOrElse(ctx.wallet.waitForReceipt({ chain, hash }), {
      duration: Duration.millis(ctx.maxAttempts * ctx.pollingInterval),
      orElse: () =>
        TransactionTimeoutError.of({ txHash: hash, attempts: ctx.maxAttempts, blockExplorerBaseUrl: explorer }),
    })
  })

/**
 * Settles one journaled send: a hash is waited for until mined; one with no hash back whose orders the book says
 * are all filled or cancelled (`ordersFilled`) is settled; any other request with no hash back is reconciled (see
 * `reconcileSend`) from the stored plan's transaction — only read, to recognise it on chain, never sent — and
 * waited for when adopted. A batch whose outcome the journal cannot tell, or a request whose transaction the stored
 * plan does not hold, is a SendOutcomeUnknownError.
 */
const settleOne = (ctx: ExecutionContext, known: ItemJournal, storedItem: StepItem | undefined) =>
  Effect.gen(function* () {
    if (known.sent !== undefined) return yield* awaitMined(ctx, known.sent.chainId, known.sent.hash as Hex)
    // Orders all filled or cancelled, on the book's word: whatever became of the send, it can fill nothing more.
    const asked = known.sendRequested !== undefined || (known.batchSent ?? known.batchRequested) !== undefined
    if (
      asked &&
      storedItem !== undefined &&
      ctx.book.ordersFilled !== undefined &&
      (yield* ctx.book.ordersFilled(storedItem))
    ) {
      return yield* Effect.logInfo("tradekit: the book says every order of the send is filled or cancelled: settled")
    }
    const batch = known.batchSent ?? known.batchRequested
    if (batch !== undefined) {
      return yield* SendOutcomeUnknownError.of({
        from: yield* ctx.address,
        chainId: batch.chainId,
        reason: "batch-unknown",
      })
    }
    // A batch the wallet rejected or refused sent nothing.
    const requested = known.sendRequested
    if (requested === undefined) return
    const unknown = SendOutcomeUnknownError.of({ from: requested.from, chainId: requested.chainId, reason: "no-nonce" })
    const request = decodeRequest(storedItem?.data)
    if (Option.isNone(request)) return yield* unknown
    const chain = viemChainOf(ctx, request.value.chainId ?? requested.chainId)
    if (chain === undefined) return yield* unknown
    const reconciled = yield* reconcileSend(ctx, chain, request.value, { ...known, sendRequested: requested })
    if (reconciled._tag === "Adopt") yield* awaitMined(ctx, chain.id, reconciled.hash)
  })

/**
 * Before a resumed plan sends anything, settles every send the journal records for an item the new plan no longer
 * holds — a sweep re-planned without a listing sold meanwhile, a purchase re-planned onto another listing: its
 * transaction is mined (a receipt), proven never to land, or the resume stops with a SendOutcomeUnknownError.
 * Otherwise the new plan's other transaction would be sent while the first may still land, and both would fill.
 * Book-neutral: an item is what the journal and the book's key call it, whichever book planned. A plan with no
 * transaction left to send settles nothing.
 */
export const settleUnplannedSends = (
  ctx: ExecutionContext,
  stored: ExecutionSnapshot,
  journal: ReadonlyArray<JournalEntry>,
  steps: ReadonlyArray<Step>,
): Effect.Effect<void, ExecutionError> =>
  Effect.gen(function* () {
    // A plan that sends nothing cannot fill twice: what was sent before is the wallet's and the chain's to finish.
    const incomplete = (step: Step) => (step.items ?? []).some((item) => item.status !== "complete")
    const sends = steps.some((step) => step.kind === "transaction" && incomplete(step))
    if (!sends) return
    const keyOf = ctx.book.itemKey
    const planned = new Set(itemRefsOf(steps, ctx.chain.id, keyOf).flatMap((refs) => refs.map((ref) => ref.id)))
    const storedItems = new Map(
      itemRefsOf(stored.steps, stored.chainId, keyOf).flatMap((refs) =>
        refs.map((ref) => [ref.id, stored.steps[ref.stepIndex]?.items?.[ref.itemIndex]] as const),
      ),
    )
    for (const id of journaledSends(journal)) {
      if (planned.has(id)) continue
      yield* Effect.logInfo(`tradekit: settling a send the resumed plan no longer holds (${id}) before sending`)
      yield* settleOne(ctx, itemJournal(journal, id), storedItems.get(id))
    }
  }).pipe(Effect.withSpan("tradekit.settleUnplannedSends", undefined, NO_STACK))
