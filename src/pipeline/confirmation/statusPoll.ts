import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Hex } from "viem"
import { BACKOFF_START_SHARE } from "../../chains/polling.js"
import { CrossChainTransactionError, TransactionFailedError, TransactionTimeoutError } from "../../errors/index.js"
import { pollAnswer } from "../../polling/pollAnswer.js"
import type { BookStatus } from "../../schema/BookStatus.js"
import type { ExecutionContext } from "../ExecutionContext.js"
import type { ConfirmError, ConfirmTarget, Pacing, Settled } from "./ConfirmTarget.js"

/** The error for a wait that ran out of attempts: a timeout, or a cross-chain failure for a fill elsewhere. */
export const timedOut =
  (target: ConfirmTarget, hash: Hex) =>
  (attempts: number): TransactionTimeoutError | CrossChainTransactionError =>
    target.isCrossChain
      ? new CrossChainTransactionError({ txHash: hash, attempts })
      : TransactionTimeoutError.of({
          txHash: hash,
          attempts,
          blockExplorerBaseUrl: target.chain.blockExplorers?.default.url,
        })

/**
 * The error of a failure the book reported: a cross-chain request it refunded is a CrossChainTransactionError
 * carrying the refund (the user's funds came back), any other a failed transaction.
 */
const failureOf = (target: ConfirmTarget, hash: Hex, answer: BookStatus) =>
  target.isCrossChain && answer.refund !== undefined
    ? new CrossChainTransactionError({
        txHash: hash,
        attempts: 0,
        message: answer.details ?? "The cross-chain request was refunded",
        refund: {
          ...(answer.refund.chainId !== undefined ? { chainId: answer.refund.chainId } : {}),
          ...(answer.refund.currency !== undefined ? { currency: answer.refund.currency } : {}),
          ...(answer.refund.txHash !== undefined ? { txHash: answer.refund.txHash } : {}),
        },
      })
    : new TransactionFailedError({ txHash: hash, reason: "failure" })

/**
 * Asks the book of the transaction's chain about it until it says success or failure, paced on the
 * chain's interval or, once the receipt is in, on a backoff up to it. A book that keeps no status has only the
 * receipt's word: a successful receipt settles the transaction, and without one the wait ends when the poll budget
 * would have.
 */
export const pollStatus = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
  hash: Hex,
  pacing: Pacing,
): Effect.Effect<Settled, ConfirmError> => {
  // The book of the chain the transaction was sent on knows it (for a cross-chain call: the origin's).
  const status = ctx.bookFor(target.chain.id).transactionStatus
  if (status === undefined) {
    return pacing === "receipt"
      ? Effect.succeed({ _tag: "Confirmed", answer: { status: "success" }, mined: true })
      : Effect.andThen(
          Effect.sleep(Duration.millis(ctx.maxAttempts * ctx.pollingInterval)),
          Effect.fail(timedOut(target, hash)(ctx.maxAttempts)),
        )
  }
  const onStage = target.onStage
  const ask = status(hash, target.check)
  return pollAnswer(
    onStage === undefined
      ? ask
      : Effect.tap(ask, (answer) => (answer.stage === undefined ? Effect.void : onStage(answer.stage))),
    (answer) =>
      answer.status === "failure"
        ? Effect.fail(failureOf(target, hash, answer))
        : Effect.succeed(answer.status === "success" ? Option.some(answer) : Option.none()),
    {
      interval: ctx.pollingInterval,
      attempts: ctx.maxAttempts,
      ...(pacing === "receipt" ? { backoffFrom: ctx.pollingInterval / BACKOFF_START_SHARE } : {}),
      onExhausted: timedOut(target, hash),
    },
  ).pipe(Effect.map((answer): Settled => ({ _tag: "Confirmed", answer, mined: pacing === "receipt" })))
}

/**
 * The status the book pushes for the transaction (the Reservoir book's socket), settling the wait like a poll
 * answer would; never, when the book pushes nothing.
 */
export const pushedStatus = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
  hash: Hex,
): Effect.Effect<Settled, TransactionFailedError> => {
  if (ctx.book.pushed === undefined) return Effect.never
  return ctx.book
    .pushed(hash, target.check, target.isCrossChain)
    .pipe(Effect.map((answer): Settled => ({ _tag: "Confirmed", answer, mined: false })))
}
