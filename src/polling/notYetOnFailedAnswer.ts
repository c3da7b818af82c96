import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { APIError, HttpRequestError, MalformedResponseError, RetryAfterTooLongError } from "../errors/index.js"

type FailedAnswer = APIError | HttpRequestError | MalformedResponseError | RetryAfterTooLongError

const isFailedAnswer = <E>(error: E): error is Extract<E, FailedAnswer> => {
  const tag = (error as { _tag?: unknown })?._tag
  // A redirect away from the API is a refusal, as an off-origin endpoint is: asking again cannot change it.
  if (tag === "HttpRequestError") return (error as { reason?: unknown }).reason !== "redirect"
  return tag === "APIError" || tag === "MalformedResponseError" || tag === "RetryAfterTooLongError"
}

/**
 * Turns a failed status request into a "not yet" answer of a poll, so one bad answer (any API error status, a
 * dropped connection, a body the decoder refuses) is asked again instead of failing the step. Wider than the
 * retry policy's transient failures (`isTransientFailure`): a poll asks again anyway. Other failures — a
 * refused endpoint or redirect, a reported failure — still fail.
 */
export const notYetOnFailedAnswer = <A, E, R>(
  probe: Effect.Effect<Option.Option<A>, E, R>,
): Effect.Effect<Option.Option<A>, Exclude<E, FailedAnswer>, R> =>
  probe.pipe(
    Effect.catchIf(isFailedAnswer, (error) =>
      Effect.as(Effect.logDebug(`tradekit: status request failed, will ask again: ${error.message}`), Option.none<A>()),
    ),
  ) as Effect.Effect<Option.Option<A>, Exclude<E, FailedAnswer>, R>
