import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type {
  ApiRequestError,
  BookConfigurationError,
  ExecutionError,
  OrderCheckError,
  TransferRefusedError,
  UnsupportedByBookError,
} from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import type { ExecutionContext } from "./ExecutionContext.js"
import { type ExecutionSnapshot, snapshotOf, withSteps } from "./ExecutionSnapshot.js"
import { type RunOptions, runFrom, supportedByBook } from "./executeSteps.js"
import { confirmOnlyPlan } from "./history/confirmOnlyPlan.js"
import { journalOfStored } from "./history/journalOfStored.js"
import { settleUnplannedSends } from "./history/settleUnplannedSends.js"
import { verifyJournal } from "./history/verifyJournal.js"
import { deepFreeze } from "./internal/deepFreeze.js"
import type { ResolvedExecution } from "./makeExecution.js"
import { errorTagOf } from "./recordFailure.js"

/**
 * Continues an execution from a decoded stored snapshot, which is a record of what happened, never an order:
 * the API is asked for the plan again (the stored request with its accumulated signature), the guards run on
 * that answer, the stored journal's facts are checked against the chain, and the loop runs the new plan with the
 * journal saying what was already signed, posted or sent. Transaction data that only the stored snapshot holds
 * is never sent. When the API answers with an error instead of a plan, the transactions the journal records as
 * sent are still confirmed (see `confirmOnlyPlan`), and the API's error stands for anything left.
 * @internal
 */
export const resumeFrom = <E>(
  resolved: ResolvedExecution,
  stored: ExecutionSnapshot,
  options: Omit<RunOptions<E>, "response" | "before">,
): Effect.Effect<ExecutionSnapshot, ExecutionError | E> =>
  Effect.gen(function* () {
    const journal = journalOfStored(stored)
    // Retried only while nothing is signed or sent, as every re-post of the execute request.
    const pristine = stored.signature === undefined && journal.length === 0
    yield* supportedByBook(resolved.book, stored.request.action)
    const fetched: Result.Result<
      ExecuteResponse,
      ApiRequestError | OrderCheckError | UnsupportedByBookError | BookConfigurationError | TransferRefusedError
    > = yield* Effect.result(
      resolved.chainBook.plan(stored.request, {
        signature: Option.fromNullishOr(stored.signature),
        retry: pristine ? resolved.retry : NO_RETRY,
        resuming: true,
      }),
    )
    const recorded = {
      ...(stored.signature !== undefined ? { signature: stored.signature } : {}),
      ...(journal.length > 0 ? { journal } : {}),
    }
    const before = (ctx: ExecutionContext) => verifyJournal(ctx, journal)
    if (Result.isSuccess(fetched)) {
      const response = fetched.success
      const initial: ExecutionSnapshot = { ...snapshotOf(response, stored.request, resolved.chain.id), ...recorded }
      // What was sent for an item the new plan no longer holds is settled before anything else is sent.
      const settleFirst = (ctx: ExecutionContext) => settleUnplannedSends(ctx, stored, journal, response.steps)
      const settled = (ctx: ExecutionContext) => Effect.andThen(before(ctx), settleFirst(ctx))
      return yield* runFrom<E>(resolved, initial, { ...options, response, before: settled })
    }
    // The API no longer plans it (the order was filled, by the very transaction the journal records, say): what
    // was sent is still confirmed; anything else is the API's to plan, and its error stands.
    const plan = confirmOnlyPlan(stored, journal, resolved.chainBook.itemKey)
    if (plan === undefined) return yield* Effect.fail(fetched.failure)
    yield* Effect.logInfo(
      `tradekit: the API did not plan the resume (${fetched.failure.message}); confirming what was sent`,
    )
    const { error: _error, currentStep: _current, ...rest } = stored
    const initial = withSteps({ ...rest, status: "running", ...recorded }, plan.steps)
    const final = yield* runFrom<E>(resolved, initial, {
      ...options,
      guards: [],
      response: { steps: plan.steps },
      before,
    })
    if (plan.leftOut === 0) return final
    // What was sent is confirmed, but the rest is not done: the last snapshot says the execution failed, and why.
    const failure = fetched.failure
    yield* (options.onProgress ?? (() => Effect.void))(
      deepFreeze({ ...final, status: "error", error: { _tag: errorTagOf(failure), message: messageOf(failure) } }),
    )
    return yield* Effect.fail(failure)
  }).pipe(Effect.withSpan("tradekit.resumeFrom", undefined, NO_STACK))
