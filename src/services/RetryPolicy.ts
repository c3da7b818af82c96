import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import { type APIError, type ApiRequestError, RetryAfterTooLongError } from "../errors/index.js"

/** How a request that failed transiently (network, timeout, 408, 429, 5xx) is retried. */
export interface RetryPolicy {
  /** Retries after the first try; 0 turns retrying off. */
  readonly times: number
  /** The first delay; each next one doubles, with jitter. */
  readonly baseDelay: Duration.Input
  /** No delay is longer, except one the server asks for with `Retry-After`. */
  readonly maxDelay: Duration.Input
}

/** 3 retries, 250 ms doubling up to 5 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { times: 3, baseDelay: "250 millis", maxDelay: "5 seconds" }

/** The policy that never retries. */
export const NO_RETRY: RetryPolicy = { times: 0, baseDelay: 0, maxDelay: 0 }

/** True for a failure worth trying again: the network, a timeout, or a 408, 429 or 5xx status. */
export const isTransientFailure = (error: ApiRequestError): boolean => {
  switch (error._tag) {
    case "HttpRequestError":
      return error.reason === "network" || error.reason === "timeout"
    case "APIError":
      return error.statusCode === 408 || error.statusCode === 429 || error.statusCode >= 500
    default:
      return false
  }
}

/** The longest `Retry-After` tradekit waits for; a server asking for more fails the request at once. */
export const MAX_RETRY_AFTER_MS = 60_000

const retryAfterOf = (error: ApiRequestError): Duration.Duration | undefined =>
  error._tag === "APIError" && error.retryAfterMs !== undefined ? Duration.millis(error.retryAfterMs) : undefined

const asksTooLong = (error: ApiRequestError): error is APIError & { readonly retryAfterMs: number } =>
  error._tag === "APIError" && error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS

/**
 * The retry schedule of a policy: exponential backoff with jitter, capped at `maxDelay`, only while the
 * failure is transient, and waiting as long as a `Retry-After` header asks when the server sends one — up
 * to {@link MAX_RETRY_AFTER_MS}; beyond that it stops.
 */
export const retrySchedule = (policy: RetryPolicy): Schedule.Schedule<ApiRequestError, ApiRequestError> =>
  Schedule.exponential(policy.baseDelay, 2).pipe(
    Schedule.jittered,
    Schedule.setInputType<ApiRequestError>(),
    // `attempt` is 1 at the first failure: at most `times` retries.
    Schedule.while(({ attempt, input }) => attempt <= policy.times && isTransientFailure(input) && !asksTooLong(input)),
    Schedule.passthrough,
    // Whole milliseconds: jitter makes fractional ones, which a TestClock cannot turn into nanoseconds.
    Schedule.modifyDelay(({ input, duration }) =>
      Effect.succeed(
        Duration.millis(
          Math.round(
            Duration.toMillis(retryAfterOf(input) ?? Duration.min(duration, Duration.fromInputUnsafe(policy.maxDelay))),
          ),
        ),
      ),
    ),
  )

/**
 * Runs a request under a policy: transient failures are retried on its schedule, and a transient failure whose
 * `Retry-After` is longer than {@link MAX_RETRY_AFTER_MS} fails at once with RetryAfterTooLongError. A policy
 * that never retries leaves every failure as it is.
 */
export const withRetry = <A, R>(
  policy: RetryPolicy,
  endpoint: string,
  request: Effect.Effect<A, ApiRequestError, R>,
): Effect.Effect<A, ApiRequestError, R> =>
  policy.times > 0
    ? Effect.retry(
        Effect.mapError(request, (error) =>
          isTransientFailure(error) && asksTooLong(error)
            ? RetryAfterTooLongError.of({
                endpoint,
                statusCode: error.statusCode,
                retryAfterMs: error.retryAfterMs,
                maxRetryAfterMs: MAX_RETRY_AFTER_MS,
              })
            : error,
        ),
        retrySchedule(policy),
      )
    : request

/** Parses a `Retry-After` header (seconds, or an HTTP date) into milliseconds from `now`. */
export const parseRetryAfter = (header: string | undefined, now: number): number | undefined => {
  if (header === undefined || header.trim() === "") return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
