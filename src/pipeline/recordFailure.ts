import * as Effect from "effect/Effect"
import { messageOf } from "../errors/messageOf.js"
import { type ExecutionContext, updateState } from "./ExecutionContext.js"
import { updateItem, updateStep } from "./ExecutionSnapshot.js"

/** The tag of an error as snapshots name it. */
export const errorTagOf = (error: unknown): string => (error as { _tag?: string })?._tag ?? "UnknownError"

/**
 * What an item's `errorData` holds for `error`: the error's own data when it carries some (a price mismatch, an
 * API error's raw body), else its tag and message. One shape for every failure, single send or batch.
 */
export const errorDataOf = (error: unknown): unknown => {
  const data = (error as { errorData?: unknown })?.errorData
  return data ?? (error as { rawError?: unknown })?.rawError ?? { _tag: errorTagOf(error), message: messageOf(error) }
}

/**
 * Records `error` on each failing item (`error`, `errorData`) and on its step, in one snapshot: the one way
 * single sends, batches, signatures and guards record a failure.
 */
export const recordFailure = (
  ctx: ExecutionContext,
  at: ReadonlyArray<{ readonly stepIndex: number; readonly itemIndex?: number }>,
  error: unknown,
): Effect.Effect<void> =>
  Effect.asVoid(
    updateState(ctx, (snapshot) =>
      at.reduce(
        (current, { stepIndex, itemIndex }) =>
          updateStep(
            itemIndex === undefined
              ? current
              : updateItem(current, stepIndex, itemIndex, (item) => ({
                  ...item,
                  error: messageOf(error),
                  errorData: errorDataOf(error),
                })),
            stepIndex,
            (step) =>
              itemIndex === undefined
                ? { ...step, error: messageOf(error), errorData: errorDataOf(error) }
                : { ...step, error: messageOf(error) },
          ),
        snapshot,
      ),
    ),
  )
