import * as Duration from "effect/Duration"
import * as Schedule from "effect/Schedule"
import type { ApiRequestError } from "../errors/index.js"

/** How a request that failed transiently (network, timeout, 408, 429, 5xx) is retried. */
export interface RetryPolicy {
  /** Retries after the first try; 0 turns retrying off. */
  readonly times: number
  /** The first delay; each next one doubles, with jitter. */
  readonly baseDelay: Duration.DurationInput
  /** No delay is longer, except one the server asks for with `Retry-After`. */
  readonly maxDelay: Duration.DurationInput
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

const retryAfterOf = (error: ApiRequestError): Duration.Duration | undefined =>
  error._tag === "APIError" && error.retryAfterMs !== undefined ? Duration.millis(error.retryAfterMs) : undefined

/**
 * The retry schedule of a policy: exponential backoff with jitter, capped at `maxDelay`, only while the
 * failure is transient, and waiting as long as a `Retry-After` header asks when the server sends one.
 */
export const retrySchedule = (policy: RetryPolicy): Schedule.Schedule<ApiRequestError, ApiRequestError> =>
  Schedule.exponential(policy.baseDelay, 2).pipe(
    Schedule.jittered,
    Schedule.intersect(Schedule.recurs(policy.times)),
    Schedule.whileInput(isTransientFailure),
    Schedule.passthrough,
    // Whole milliseconds: jitter makes fractional ones, which a TestClock cannot turn into nanoseconds.
    Schedule.modifyDelay((error: ApiRequestError, delay) =>
      Duration.millis(Math.round(Duration.toMillis(retryAfterOf(error) ?? Duration.min(delay, Duration.decode(policy.maxDelay))))),
    ),
  )

/** Parses a `Retry-After` header (seconds, or an HTTP date) into milliseconds from `now`. */
export const parseRetryAfter = (header: string | undefined, now: number): number | undefined => {
  if (header === undefined || header.trim() === "") return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
