import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { GENERIC_POLL_ATTEMPTS } from "../chains/polling.js"
import { PollTimeoutError } from "../errors/index.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { Step, StepItem } from "../schema/Step.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { type DataPolls, type ExecutionContext, itemKey, stepKeyAt, updateState } from "./ExecutionContext.js"
import { nextIncompleteStep, withSteps } from "./ExecutionSnapshot.js"
import { fetchSteps } from "./fetchSteps.js"
import { notYetOnFailedAnswer } from "./notYetOnFailedAnswer.js"
import { pollUntil } from "./pollUntil.js"

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

/** No data re-poll yet: the start of an execution. */
export const NO_DATA_POLLS: DataPolls = { attempts: 0, lastAt: undefined, journalLength: 0 }

/**
 * True when the loop can go on with the merged answer: its next incomplete step has the data of every
 * incomplete item (or nothing is left). Not "the awaited step is ready": an answer that leaves the awaited
 * step out, or lays the steps out under new ids, must not end the wait only to start the next one at once.
 */
const canProceed = (steps: ReadonlyArray<Step>): boolean => {
  const next = nextIncompleteStep(steps)
  if (next === undefined) return true
  const items = steps[next.stepIndex]?.items
  return next.itemIndexes.every((i) => items?.[i]?.data !== undefined)
}

/**
 * Waits until the next incomplete step's items have their data: re-posts the original execute request (with
 * the latest signature) at the chain's polling interval, then adopts the new answer — keeping what this
 * execution already did. Gives up with 'Failed to get data after N attempt(s), aborting'.
 *
 * The pacing and the cap hold across waits: a wait entered again right after another re-polls only once the
 * interval since the last re-poll is over, and the {@link GENERIC_POLL_ATTEMPTS} attempts are renewed only
 * when the execution made progress the journal records (a signature, a post, a send) since they were counted.
 */
export const awaitItemData = (ctx: ExecutionContext, stepId: string) =>
  Effect.gen(function* () {
    const polls = ctx.dataPolls ?? (yield* Ref.make(NO_DATA_POLLS))
    const journalLength = (yield* SynchronizedRef.get(ctx.state)).journal?.length ?? 0
    const budget = yield* Ref.updateAndGet(polls, (current) =>
      journalLength > current.journalLength ? { ...current, attempts: 0, journalLength } : current,
    )
    if (budget.lastAt !== undefined) {
      const wait = budget.lastAt + ctx.pollingInterval - (yield* Clock.currentTimeMillis)
      if (wait > 0) yield* Effect.sleep(Duration.millis(wait))
    }

    const merged = (response: ExecuteResponse) =>
      Effect.map(Effect.zip(SynchronizedRef.get(ctx.state), Ref.get(ctx.completed)), ([snapshot, completed]) =>
        mergeResponseSteps(snapshot.steps, response.steps, completed),
      )
    const probe = Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      yield* Ref.update(polls, (current) => ({ ...current, attempts: current.attempts + 1, lastAt: now }))
      const { signature, journal } = yield* SynchronizedRef.get(ctx.state)
      // Retried only while nothing has been signed or sent; after that a failure is one "not yet" of the poll.
      const pristine = signature === undefined && (journal?.length ?? 0) === 0
      const response = yield* fetchSteps(ctx.api, ctx.request, {
        signature: Option.fromNullishOr(signature),
        retry: pristine ? ctx.retry : NO_RETRY,
      })
      return canProceed(yield* merged(response)) ? Option.some(response) : Option.none()
    })
    // Not `ctx.api.poll`: each re-poll is a different request (the latest signature, a retry policy that
    // depends on whether anything was signed or sent yet), it counts against a budget shared across waits,
    // and an answer is settled against the execution's state, not on its own.
    const response = yield* pollUntil(notYetOnFailedAnswer(probe), {
      interval: ctx.pollingInterval,
      attempts: GENERIC_POLL_ATTEMPTS - budget.attempts,
      onExhausted: () => PollTimeoutError.of({ kind: "data", attempts: GENERIC_POLL_ATTEMPTS }),
    })
    const completed = yield* Ref.get(ctx.completed)
    yield* updateState(ctx, (snapshot) => ({
      ...withSteps(snapshot, mergeResponseSteps(snapshot.steps, response.steps, completed)),
      ...(response.path !== undefined ? { path: response.path } : {}),
      ...(response.fees !== undefined ? { fees: response.fees } : {}),
      ...(response.requestId !== undefined ? { requestId: response.requestId } : {}),
      ...(response.errors !== undefined ? { errors: response.errors } : {}),
    }))
  }).pipe(Effect.withSpan("tradekit.awaitItemData", { attributes: { stepId } }))
