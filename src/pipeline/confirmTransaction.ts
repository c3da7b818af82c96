import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import type { Hex } from "viem"
import { BACKOFF_START_SHARE } from "../chains/polling.js"
import { TransactionFailedError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { ReceiptOutcome } from "../services/Wallet.js"
import type { Confirmation, ConfirmError, ConfirmTarget, Settled } from "./confirmation/ConfirmTarget.js"
import { verdictOf, watchReceipt } from "./confirmation/receiptWatch.js"
import { pollStatus, pushedStatus } from "./confirmation/statusPoll.js"
import type { ExecutionContext } from "./ExecutionContext.js"

export type { Confirmation, ConfirmError, ConfirmTarget } from "./confirmation/ConfirmTarget.js"

/**
 * Confirms a sent transaction, driven by the chain rather than the clock: asking the order book before the
 * transaction is mined can only get "not yet", so its status (`pollStatus`) is asked the moment the receipt lands
 * (`watchReceipt`), then again on a short backoff that doubles up to the chain's interval. An interval poll that
 * starts one interval late is the fallback, for a wallet that never reports a receipt. The receipt ends the wait
 * early on a revert or a cancelling replacement (both fail it) and on any other replacement (which switches to the
 * new hash with a full new attempt budget). When the book pushes statuses (`pushedStatus`), a pushed status races
 * too and settles the wait like a poll answer would. The losers are interrupted. A book that keeps no status leaves
 * the receipt alone to decide.
 *
 * Success needs both words: when the API says success before the receipt is in (the fallback poll, the socket),
 * the receipt is awaited (for what is left of the poll budget) and a revert fails the item whatever the API said.
 * When the wallet cannot read receipts, or none comes in time, the API's word stands (logged at debug). A
 * transaction whose receipt the wallet already gave (`receipt`: a batch's status, a send answered with its
 * receipt) has no receipt to wait for.
 */
export const confirmTransaction = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
): Effect.Effect<Confirmation, ConfirmError> => {
  const confirm = (hash: Hex): Effect.Effect<Confirmation, ConfirmError> =>
    settle(ctx, target, hash).pipe(
      Effect.flatMap((settled) =>
        settled._tag === "Replaced"
          ? Effect.logInfo(`tradekit: transaction ${hash} replaced by ${settled.hash}`).pipe(
              Effect.andThen(target.onReplaced(settled.hash)),
              Effect.andThen(confirm(settled.hash)),
            )
          : Effect.succeed({
              hash,
              apiTxHashes: settled.answer.txHashes,
              destinationChainId: settled.answer.destinationChainId,
            }),
      ),
    )
  return confirm(target.hash).pipe(Effect.withSpan("tradekit.confirmTransaction", undefined, NO_STACK))
}

/** A receipt in hand: nothing is watched, so no replacement can come; the API is asked at once. */
const settle = (ctx: ExecutionContext, target: ConfirmTarget, hash: Hex): Effect.Effect<Settled, ConfirmError> => {
  if (target.receipt === undefined) return raceForVerdict(ctx, target, hash)
  return target.receipt.status === "reverted"
    ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "reverted" }))
    : Effect.raceFirst(pollStatus(ctx, target, hash, "receipt"), pushedStatus(ctx, target, hash))
}

/**
 * The race for an unmined transaction: the receipt then the API, against the interval poll and the pushed status.
 * An answer of the API that came before the receipt is then checked against the receipt.
 */
const raceForVerdict = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
  hash: Hex,
): Effect.Effect<Settled, ConfirmError> =>
  Effect.scoped(
    Effect.gen(function* () {
      const deadline = (yield* Clock.currentTimeMillis) + ctx.maxAttempts * ctx.pollingInterval
      const receipt = yield* Effect.forkScoped(watchReceipt(ctx, target, hash), { startImmediately: true })
      // The receipt's word, then the API asked at once and on a backoff.
      const afterReceipt = Fiber.join(receipt).pipe(
        Effect.flatMap((outcome) =>
          Option.isNone(outcome)
            ? Effect.never
            : Effect.flatMap(
                verdictOf(hash, outcome.value),
                Option.match({ onNone: () => pollStatus(ctx, target, hash, "receipt"), onSome: Effect.succeed }),
              ),
        ),
      )
      // The fallback: the interval poll, from one interval on — or at once when the wallet cannot tell.
      const cannotTell = Fiber.join(receipt).pipe(
        Effect.flatMap((outcome) => (Option.isNone(outcome) ? Effect.void : Effect.never)),
      )
      const fallback = Effect.andThen(
        Effect.raceFirst(Effect.sleep(ctx.pollingInterval), cannotTell),
        pollStatus(ctx, target, hash, "interval"),
      )
      const settled = yield* Effect.raceFirst(fallback, Effect.raceFirst(afterReceipt, pushedStatus(ctx, target, hash)))
      if (settled._tag === "Replaced" || settled.mined) return settled
      return yield* receiptHasLastWord(ctx, target, hash, { settled, receipt, deadline })
    }),
  )

/**
 * The API says success; a reverted transaction must still fail, so the receipt has the last word — awaited for
 * what is left of the poll budget, after which the API's word stands.
 */
const receiptHasLastWord = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
  hash: Hex,
  race: {
    readonly settled: Settled
    readonly receipt: Fiber.Fiber<Option.Option<ReceiptOutcome>>
    readonly deadline: number
  },
): Effect.Effect<Settled, ConfirmError> =>
  Effect.gen(function* () {
    const { settled, receipt, deadline } = race
    const left = Math.max(ctx.pollingInterval, deadline - (yield* Clock.currentTimeMillis))
    // Unless the running watch has its answer, a fresh one looks instead of waiting for its next look — after a
    // grace in which the running watch's own read, often in flight already, can answer without a second one.
    const answered = (yield* Effect.sync(() => receipt.pollUnsafe())) !== undefined
    const fresh = Effect.delay(
      watchReceipt(ctx, target, hash),
      Duration.millis(ctx.pollingInterval / BACKOFF_START_SHARE),
    )
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
  })
