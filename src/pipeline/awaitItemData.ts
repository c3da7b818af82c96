import { Effect, Option, Ref, SynchronizedRef } from "effect"
import { GENERIC_POLL_ATTEMPTS, GENERIC_POLL_INTERVAL } from "../chains/polling.js"
import { PollTimeoutError } from "../errors/index.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import { type ExecutionContext, itemKey, updateState } from "./ExecutionContext.js"
import { withSteps } from "./ExecutionSnapshot.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { fetchSteps } from "./fetchSteps.js"
import { notYetOnTransientFailure } from "./notYetOnTransientFailure.js"
import { pollUntil } from "./pollUntil.js"

const isReady = (response: ExecuteResponse, stepIndex: number, itemIndexes: ReadonlyArray<number>): boolean => {
  const items = response.steps[stepIndex]?.items
  return itemIndexes.every((i) => {
    const item = items?.[i]
    return item !== undefined && (item.data !== undefined || item.status === "complete")
  })
}

/** Keeps the items this execution completed, so a re-polled answer cannot make them run again. */
const keepCompleted = (
  steps: ReadonlyArray<Step>,
  completed: ReadonlyMap<string, unknown>,
): ReadonlyArray<Step> =>
  steps.map(
    (step, s) =>
      ({
        ...step,
        items: step.items?.map((item, i) => (completed.get(itemKey(s, step.id, i)) as typeof item | undefined) ?? item),
      }) as Step,
  )

/**
 * Waits until the incomplete items of a step have their data: re-posts the original execute request (with
 * the latest signature) on a schedule, then adopts the new answer — keeping what this execution already did.
 * Gives up with 'Failed to get data after N attempt(s), aborting'.
 */
export const awaitItemData = (ctx: ExecutionContext, stepIndex: number, itemIndexes: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const probe = Effect.gen(function* () {
      const { signature } = yield* SynchronizedRef.get(ctx.state)
      // Retried only while nothing has been signed or sent; after that a failure is one "not yet" of the poll.
      const pristine = signature === undefined && (yield* Ref.get(ctx.sent)).size === 0
      const response = yield* fetchSteps(ctx.api, ctx.chain.baseApiUrl, ctx.request, {
        signature: Option.fromNullable(signature),
        retry: pristine ? ctx.retry : NO_RETRY,
      })
      return isReady(response, stepIndex, itemIndexes) ? Option.some(response) : Option.none()
    })
    const response = yield* pollUntil(notYetOnTransientFailure(probe), {
      interval: GENERIC_POLL_INTERVAL,
      attempts: GENERIC_POLL_ATTEMPTS,
      onExhausted: (attempts) => PollTimeoutError.after("data", attempts),
    })
    const completed = yield* Ref.get(ctx.completed)
    yield* updateState(ctx, (snapshot) => ({
      ...withSteps(snapshot, keepCompleted(response.steps, completed)),
      ...(response.path !== undefined ? { path: response.path } : {}),
      ...(response.fees !== undefined ? { fees: response.fees } : {}),
      ...(response.requestId !== undefined ? { requestId: response.requestId } : {}),
    }))
  }).pipe(Effect.withSpan("tradekit.awaitItemData"))
