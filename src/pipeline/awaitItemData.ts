import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { PollTimeoutError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import { notYetOnFailedAnswer } from "../polling/notYetOnFailedAnswer.js"
import { pollUntil } from "../polling/pollUntil.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { Step, StepItem } from "../schema/Step.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { type DataPolls, type ExecutionContext, updateState } from "./ExecutionContext.js"
import { nextIncompleteStep, withSteps } from "./ExecutionSnapshot.js"
import { type ItemKeyOf, itemRefsOf } from "./history/itemIdentity.js"

/**
 * Adopts a re-polled answer while keeping what this execution did. An item is known by its identity (a
 * transaction by what it does, see `itemIdentity`), not by where it stands: an item of the new answer that is
 * one this execution completed stays complete (it is never run again), however the answer renamed or reordered
 * its steps; a new item never takes a done one's place. A step the new answer leaves out that holds a
 * completed item found nowhere in the new answer stays in front, so its transaction hashes stay in the progress.
 */
export const mergeResponseSteps = (
  previous: ReadonlyArray<Step>,
  fresh: ReadonlyArray<Step>,
  chainId: number,
  keyOf?: ItemKeyOf,
): ReadonlyArray<Step> => {
  const previousRefs = itemRefsOf(previous, chainId, keyOf)
  const completed = new Map<string, StepItem>()
  for (const [s, step] of previous.entries()) {
    for (const [i, item] of (step.items ?? []).entries())
      if (item.status === "complete") completed.set(previousRefs[s]![i]!.id, item)
  }
  const freshRefs = itemRefsOf(fresh, chainId, keyOf)
  const freshIds = new Set(freshRefs.flat().map((ref) => ref.id))
  const kept = previous.filter((step, s) =>
    (step.items ?? []).some((item, i) => item.status === "complete" && !freshIds.has(previousRefs[s]![i]!.id)),
  )
  const adopted = fresh.map((step, s) =>
    step.items === undefined
      ? step
      : ({ ...step, items: step.items.map((item, i) => completed.get(freshRefs[s]![i]!.id) ?? item) } as Step),
  )
  return [...kept, ...adopted]
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
 * interval since the last re-poll is over, and the `dataPollAttempts` attempts are renewed only
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
      Effect.map(SynchronizedRef.get(ctx.state), (snapshot) =>
        mergeResponseSteps(snapshot.steps, response.steps, ctx.chain.id, ctx.book.itemKey),
      )
    const probe = Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      yield* Ref.update(polls, (current) => ({ ...current, attempts: current.attempts + 1, lastAt: now }))
      const { signature, journal } = yield* SynchronizedRef.get(ctx.state)
      // Retried only while nothing has been signed or sent; after that a failure is one "not yet" of the poll.
      const pristine = signature === undefined && (journal?.length ?? 0) === 0
      const response = yield* ctx.book.plan(ctx.request, {
        signature: Option.fromNullishOr(signature),
        retry: pristine ? ctx.retry : NO_RETRY,
      })
      return canProceed(yield* merged(response)) ? Option.some(response) : Option.none()
    })
    // Not one fixed request polled: each re-poll is a different request (the latest signature, a retry policy that
    // depends on whether anything was signed or sent yet), it counts against a budget shared across waits,
    // and an answer is settled against the execution's state, not on its own.
    const response = yield* pollUntil(notYetOnFailedAnswer(probe), {
      interval: ctx.pollingInterval,
      attempts: ctx.config.settings.dataPollAttempts - budget.attempts,
      onExhausted: () => PollTimeoutError.of({ kind: "data", attempts: ctx.config.settings.dataPollAttempts }),
    })
    yield* updateState(ctx, (snapshot) => ({
      ...withSteps(snapshot, mergeResponseSteps(snapshot.steps, response.steps, ctx.chain.id, ctx.book.itemKey)),
      ...(response.path !== undefined ? { path: response.path } : {}),
      ...(response.fees !== undefined ? { fees: response.fees } : {}),
      ...(response.requestId !== undefined ? { requestId: response.requestId } : {}),
      ...(response.errors !== undefined ? { errors: response.errors } : {}),
    }))
  }).pipe(Effect.withSpan("tradekit.awaitItemData", { attributes: { stepId } }, NO_STACK))
