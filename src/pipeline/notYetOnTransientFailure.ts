import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { APIError, HttpRequestError, MalformedResponseError, RetryAfterTooLongError } from "../errors/index.js"

type TransientFailure = APIError | HttpRequestError | MalformedResponseError | RetryAfterTooLongError

const isTransient = <E>(error: E): error is Extract<E, TransientFailure> => {
  const tag = (error as { _tag?: unknown })?._tag
  // A redirect away from the API is a refusal, as an off-origin endpoint is: asking again cannot change it.
  if (tag === "HttpRequestError") return (error as { reason?: unknown }).reason !== "redirect"
  return tag === "APIError" || tag === "MalformedResponseError" || tag === "RetryAfterTooLongError"
}

/**
 * Turns a failed status request into a "not yet" answer of a poll, so one bad answer (a 5xx, a dropped
 * connection, a body the decoder refuses) is retried instead of failing the step. Other failures — a
 * refused endpoint or redirect, a reported failure — still fail.
 */
export const notYetOnTransientFailure = <A, E, R>(
  probe: Effect.Effect<Option.Option<A>, E, R>,
): Effect.Effect<Option.Option<A>, Exclude<E, TransientFailure>, R> =>
  probe.pipe(
    Effect.catchIf(isTransient, (error) =>
      Effect.as(Effect.logDebug(`tradekit: status request failed, will ask again: ${error.message}`), Option.none<A>()),
    ),
  ) as Effect.Effect<Option.Option<A>, Exclude<E, TransientFailure>, R>
