import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import type { Chain, Hex } from "viem"
import { BACKOFF_START_SHARE } from "../chains/polling.js"
import {
  CrossChainTransactionError,
  TransactionCancelledError,
  TransactionFailedError,
  TransactionTimeoutError,
  type UnsafeEndpointError,
} from "../errors/index.js"
import { pollAnswer } from "../polling/pollAnswer.js"
import type { CheckResponse } from "../schema/StatusResponses.js"
import type { StatusFilter } from "../schema/StatusUpdate.js"
import type { Check } from "../schema/Step.js"
import type { ReceiptOutcome, SentTransaction } from "../services/Wallet.js"
import type { ExecutionContext } from "./ExecutionContext.js"

/** What to confirm: a sent transaction, and how the API is asked about it. */
export interface ConfirmTarget {
  readonly hash: Hex
  readonly chain: Chain
  readonly check: Check | undefined
  /** A fill on another chain than the transaction's: a timeout is then a CrossChainTransactionError. */
  readonly isCrossChain: boolean
  /** Called when the user's wallet replaced the transaction, with the new hash. */
  readonly onReplaced: (hash: Hex) => Effect.Effect<void>
  /** The send's sender and nonce, when known: the receipt watch then recognises a replacement at once. */
  readonly sent?: SentTransaction | undefined
  /**
   * The receipt's verdict, when the wallet already gave it: a batch's calls status, or the receipt the node
   * answered the send with (EIP-7966). No receipt is then watched; a revert fails the wait at once, a success has
   * the API asked at once and on a backoff, as when a watched receipt lands.
   */
  readonly receipt?: { readonly status: "success" | "reverted" } | undefined
}

/** The confirmed transaction: its final hash, and the API's own fill hashes when it reported them. */
export interface Confirmation {
  readonly hash: Hex
  readonly apiTxHashes: ReadonlyArray<Hex> | undefined
  readonly destinationChainId: number | undefined
}

/** How confirming a transaction can fail. */
export type ConfirmError =
  | UnsafeEndpointError
  | TransactionFailedError
  | TransactionCancelledError
  | TransactionTimeoutError
  | CrossChainTransactionError

type Settled =
  | { readonly _tag: "Confirmed"; readonly answer: CheckResponse; readonly mined: boolean }
  | { readonly _tag: "Replaced"; readonly hash: Hex }

/** How the API is asked: on the chain's interval, or on a backoff up to it (the receipt just landed). */
type Pacing = "interval" | "receipt"

/**
 * Confirms a sent transaction, driven by the chain rather than the clock: asking the order book before the
 * transaction is mined can only get "not yet", so its status (the Reservoir book: the item's check, its body as
 * the API gave it, else the synced poll, on the API of the chain the transaction was sent on) is asked the
 * moment the receipt lands, then again on a short backoff that doubles up to the chain's interval. An interval
 * poll that starts one interval late is the fallback, for a wallet that never reports a receipt. The receipt
 * ends the wait early on a revert or a cancelling replacement (both fail it) and on any other replacement
 * (which switches to the new hash with a full new attempt budget). When the book pushes statuses (the Reservoir
 * book on a chain with a `websocketUrl`), a pushed status races too and settles the wait like a poll answer
 * would. The losers are interrupted. A book that keeps no status leaves the receipt alone to decide.
 *
 * Success needs both words: when the API says success before the receipt is in (the fallback poll, the
 * socket), the receipt is awaited (for what is left of the poll budget) and a revert fails the item whatever
 * the API said. When the wallet cannot read receipts, or none comes in time, the API's word stands (logged at
 * debug). A transaction whose receipt the wallet already gave (`receipt`: a batch's status, a send answered with
 * its receipt) has no receipt to wait for.
 */
export const confirmTransaction = (ctx: ExecutionContext, target: ConfirmTarget): Effect.Effect<Confirmation, ConfirmError> => {
  // The book of the chain the transaction was sent on knows it (for a cross-chain call: the origin's).
  const status = ctx.bookFor(target.chain.id).transactionStatus
  const timedOut = (hash: Hex) => (attempts: number) =>
    target.isCrossChain
      ? new CrossChainTransactionError({ txHash: hash, attempts })
      : TransactionTimeoutError.of({ txHash: hash, attempts, blockExplorerBaseUrl: target.chain.blockExplorers?.default.url })
  // A book that keeps no status has only the receipt's word: a successful receipt settles the transaction, and
  // without one the wait ends when the poll budget would have.
  const receiptOnly = (hash: Hex, pacing: Pacing): Effect.Effect<Settled, ConfirmError> =>
    pacing === "receipt"
      ? Effect.succeed({ _tag: "Confirmed", answer: { status: "success" }, mined: true })
      : Effect.andThen(Effect.sleep(Duration.millis(ctx.maxAttempts * ctx.pollingInterval)), Effect.fail(timedOut(hash)(ctx.maxAttempts)))
  const poll = (hash: Hex, pacing: Pacing): Effect.Effect<Settled, ConfirmError> =>
    status === undefined
      ? receiptOnly(hash, pacing)
      : pollAnswer(
          status(hash, target.check),
          (answer) =>
            answer.status === "failure"
              ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "failure" }))
              : Effect.succeed(answer.synced === true || answer.status === "success" ? Option.some(answer) : Option.none()),
          {
            interval: ctx.pollingInterval,
            attempts: ctx.maxAttempts,
            ...(pacing === "receipt" ? { backoffFrom: ctx.pollingInterval / BACKOFF_START_SHARE } : {}),
            onExhausted: timedOut(hash),
          },
        ).pipe(Effect.map((answer): Settled => ({ _tag: "Confirmed", answer, mined: pacing === "receipt" })))

  // The wallet's word on the transaction; None when the wallet cannot tell (some cannot read receipts).
  const watchReceipt = (hash: Hex): Effect.Effect<Option.Option<ReceiptOutcome>> =>
    ctx.wallet.waitForReceipt({ chain: target.chain, hash, ...(target.sent !== undefined ? { sent: target.sent } : {}) }).pipe(
      Effect.map(Option.some),
      Effect.catch((error) => Effect.as(Effect.logDebug(`tradekit: receipt watch failed, relying on the API: ${error.message}`), Option.none())),
    )

  // A revert or a cancelling replacement fails the wait, another replacement switches hash; a successful
  // receipt (None) settles nothing by itself: the API's word is still needed (its fill hashes, the indexer).
  const verdictOf = (
    hash: Hex,
    outcome: ReceiptOutcome,
  ): Effect.Effect<Option.Option<Settled>, TransactionFailedError | TransactionCancelledError> => {
    if (outcome._tag === "Replaced") {
      return outcome.reason === "cancelled"
        ? Effect.fail(new TransactionCancelledError({ txHash: hash }))
        : Effect.succeed(Option.some({ _tag: "Replaced", hash: outcome.hash }))
    }
    return outcome.status === "reverted"
      ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "reverted" }))
      : Effect.succeed(Option.none())
  }

  const requestId = (target.check?.body as { id?: unknown } | undefined)?.id
  const pushed = (hash: Hex): Effect.Effect<Settled, TransactionFailedError> => {
    if (ctx.book.pushed === undefined) return Effect.never
    const filter: StatusFilter = target.isCrossChain && typeof requestId === "string" ? { requestId } : { txHash: hash }
    return ctx.book.pushed(filter, hash).pipe(
      Effect.map(
        (update): Settled => ({
          _tag: "Confirmed",
          answer: { status: update.status, txHashes: update.txHashes, destinationChainId: update.destinationChainId },
          mined: false,
        }),
      ),
    )
  }

  // A receipt in hand: nothing is watched, so no replacement can come; the API is asked at once.
  const settle = (hash: Hex): Effect.Effect<Settled, ConfirmError> => {
    if (target.receipt === undefined) return settleUnmined(hash)
    return target.receipt.status === "reverted"
      ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "reverted" }))
      : Effect.raceFirst(poll(hash, "receipt"), pushed(hash))
  }

  const settleUnmined = (hash: Hex): Effect.Effect<Settled, ConfirmError> =>
    Effect.scoped(
      Effect.gen(function* () {
        const deadline = (yield* Clock.currentTimeMillis) + ctx.maxAttempts * ctx.pollingInterval
        const receipt = yield* Effect.forkScoped(watchReceipt(hash), { startImmediately: true })
        // The receipt's word, then the API asked at once and on a backoff.
        const afterReceipt = Fiber.join(receipt).pipe(
          Effect.flatMap((outcome) =>
            Option.isNone(outcome)
              ? Effect.never
              : Effect.flatMap(verdictOf(hash, outcome.value), Option.match({ onNone: () => poll(hash, "receipt"), onSome: Effect.succeed })),
          ),
        )
        // The fallback: the interval poll, from one interval on — or at once when the wallet cannot tell.
        const cannotTell = Fiber.join(receipt).pipe(Effect.flatMap((outcome) => (Option.isNone(outcome) ? Effect.void : Effect.never)))
        const fallback = Effect.andThen(Effect.raceFirst(Effect.sleep(ctx.pollingInterval), cannotTell), poll(hash, "interval"))
        const settled = yield* Effect.raceFirst(fallback, Effect.raceFirst(afterReceipt, pushed(hash)))
        if (settled._tag === "Replaced" || settled.mined) return settled
        // The API says success; a reverted transaction must still fail, so the receipt has the last word —
        // awaited for what is left of the poll budget, after which the API's word stands.
        const left = Math.max(ctx.pollingInterval, deadline - (yield* Clock.currentTimeMillis))
        // Unless the running watch has its answer, a fresh one looks instead of waiting for its next look — after a
        // grace in which the running watch's own read, often in flight already, can answer without a second one.
        const answered = (yield* Effect.sync(() => receipt.pollUnsafe())) !== undefined
        const fresh = Effect.delay(watchReceipt(hash), Duration.millis(ctx.pollingInterval / BACKOFF_START_SHARE))
        const outcome = yield* Effect.timeoutOption(
          answered ? Fiber.join(receipt) : Effect.raceFirst(Fiber.join(receipt), fresh),
          Duration.millis(left),
        )
        if (Option.isNone(outcome)) {
          yield* Effect.logDebug(`tradekit: no receipt for ${hash} within ${left} ms, relying on the API`)
          return settled
        }
        if (Option.isNone(outcome.value)) return settled
        return Option.getOrElse(yield* verdictOf(hash, outcome.value.value), () => settled)
      }),
    )

  const confirm = (hash: Hex): Effect.Effect<Confirmation, ConfirmError> =>
    settle(hash).pipe(
      Effect.flatMap((settled) =>
        settled._tag === "Replaced"
          ? Effect.andThen(
              Effect.andThen(Effect.logInfo(`tradekit: transaction ${hash} replaced by ${settled.hash}`), target.onReplaced(settled.hash)),
              confirm(settled.hash),
            )
          : Effect.succeed({
              hash,
              apiTxHashes: settled.answer.txHashes,
              destinationChainId: settled.answer.destinationChainId,
            }),
      ),
    )

  return confirm(target.hash).pipe(Effect.withSpan("tradekit.confirmTransaction"))
}
