import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { ExecutionError } from "../errors/index.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { type ExecutionSnapshot, snapshotOf } from "./ExecutionSnapshot.js"
import { type ResolvedExecution, type RunOptions, runFrom } from "./executeSteps.js"
import { fetchSteps } from "./fetchSteps.js"
import { journalOfStored } from "./history/journalOfStored.js"
import { verifyJournal } from "./history/verifyJournal.js"

/**
 * Continues an execution from a decoded stored snapshot, which is a record of what happened, never an order:
 * the API is asked for the plan again (the stored request with its accumulated signature), the guards run on
 * that answer, the stored journal's facts are checked against the chain, and the loop runs the new plan with the
 * journal saying what was already signed, posted or sent. Transaction data that only the stored snapshot holds
 * is never sent.
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
    const response = yield* fetchSteps(resolved.api.forChain(resolved.chain.baseApiUrl), stored.request, {
      signature: Option.fromNullishOr(stored.signature),
      retry: pristine ? resolved.retry : NO_RETRY,
    })
    const fresh = snapshotOf(response, stored.request, resolved.chain.id)
    const initial: ExecutionSnapshot = {
      ...fresh,
      ...(stored.signature !== undefined ? { signature: stored.signature } : {}),
      ...(journal.length > 0 ? { journal } : {}),
    }
    return yield* runFrom(resolved, initial, { ...options, response, before: (ctx) => verifyJournal(ctx, journal) })
  }).pipe(Effect.withSpan("tradekit.resumeFrom"))
