import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { GENERIC_POLL_ATTEMPTS, GENERIC_POLL_INTERVAL } from "../chains/polling.js"
import { PollTimeoutError } from "../errors/index.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { Step, StepItem } from "../schema/Step.js"
import { type ExecutionContext, itemKey, stepKeyAt, updateState } from "./ExecutionContext.js"
import { withSteps } from "./ExecutionSnapshot.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { fetchSteps } from "./fetchSteps.js"
import { notYetOnTransientFailure } from "./notYetOnTransientFailure.js"
import { pollUntil } from "./pollUntil.js"

const isReady = (response: ExecuteResponse, stepId: string): boolean => {
  const step = response.steps.find((candidate) => candidate.id === stepId)
  return step === undefined || (step.items ?? []).every((item) => item.status === "complete" || item.data !== undefined)
}

/**
 * Adopts a re-polled answer while keeping what this execution did: an item it completed stays complete
 * (it is never run again), and a step it worked on that the new answer leaves out stays in place, so
 * its transaction hashes stay in the progress.
 */
export const mergeResponseSteps = (
  previous: ReadonlyArray<Step>,
  fresh: ReadonlyArray<Step>,
  completed: ReadonlyMap<string, unknown>,
): ReadonlyArray<Step> => {
  const completedIndexes = (stepKey: string) =>
    [...completed.keys()].flatMap((key) => (key.startsWith(`${stepKey}:`) ? [Number(key.slice(stepKey.length + 1))] : []))
  const freshKeys = new Set(fresh.map((_, s) => stepKeyAt(fresh, s)))
  const dropped = previous.filter((_, s) => {
    const key = stepKeyAt(previous, s)
    return !freshKeys.has(key) && completedIndexes(key).length > 0
  })
  const merged = [...dropped, ...fresh]
  return merged.map((step, s) => {
    const key = stepKeyAt(merged, s)
    const count = Math.max(step.items?.length ?? 0, ...completedIndexes(key).map((i) => i + 1))
    if (count === 0) return step
    const items = Array.from({ length: count }, (_, i) => (completed.get(itemKey(key, i)) as StepItem | undefined) ?? step.items?.[i])
    return { ...step, items: items.filter((item): item is StepItem => item !== undefined) } as Step
  })
}

/**
 * Waits until the incomplete items of a step have their data: re-posts the original execute request (with
 * the latest signature) on a schedule, then adopts the new answer — keeping what this execution already did.
 * Gives up with 'Failed to get data after N attempt(s), aborting'.
 */
export const awaitItemData = (ctx: ExecutionContext, stepId: string) =>
  Effect.gen(function* () {
    const probe = Effect.gen(function* () {
      const { signature } = yield* SynchronizedRef.get(ctx.state)
      // Retried only while nothing has been signed or sent; after that a failure is one "not yet" of the poll.
      const pristine = signature === undefined && (yield* Ref.get(ctx.sent)).size === 0
      const response = yield* fetchSteps(ctx.api, ctx.chain.baseApiUrl, ctx.request, {
        signature: Option.fromNullable(signature),
        retry: pristine ? ctx.retry : NO_RETRY,
      })
      return isReady(response, stepId) ? Option.some(response) : Option.none()
    })
    const response = yield* pollUntil(notYetOnTransientFailure(probe), {
      interval: GENERIC_POLL_INTERVAL,
      attempts: GENERIC_POLL_ATTEMPTS,
      onExhausted: (attempts) => PollTimeoutError.after("data", attempts),
    })
    const completed = yield* Ref.get(ctx.completed)
    yield* updateState(ctx, (snapshot) => ({
      ...withSteps(snapshot, mergeResponseSteps(snapshot.steps, response.steps, completed)),
      ...(response.path !== undefined ? { path: response.path } : {}),
      ...(response.fees !== undefined ? { fees: response.fees } : {}),
      ...(response.requestId !== undefined ? { requestId: response.requestId } : {}),
    }))
  }).pipe(Effect.withSpan("tradekit.awaitItemData"))
