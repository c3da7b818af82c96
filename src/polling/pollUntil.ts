import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import { MIN_POLLING_INTERVAL } from "../chains/polling.js"

/** How a poll is paced and when it gives up. */
export interface PollOptions<E2> {
  readonly interval: Duration.Input
  /** How many times the probe runs at most; 0 gives up at once. */
  readonly attempts: number
  /** The error to fail with once every attempt answered "not yet". */
  readonly onExhausted: (attempts: number) => E2
  /**
   * A quick start: the wait after the first probe is `backoffFrom`, and doubles on every "not yet" until it
   * reaches `interval`. For a poll started when the answer is about to be there (the receipt just landed).
   */
  readonly backoffFrom?: Duration.Input | undefined
}

/**
 * Runs `probe` until it answers `Some`, at most `attempts` times, `interval` apart (never less than
 * {@link MIN_POLLING_INTERVAL}, so no poll is a tight loop) — or, with `backoffFrom`, on waits that double
 * from it up to `interval`. The pacing is a Schedule, so interrupting the poll stops it at once and a
 * TestClock drives it in tests.
 */
export const pollUntil = <A, E, R, E2>(
  probe: Effect.Effect<Option.Option<A>, E, R>,
  options: PollOptions<E2>,
): Effect.Effect<A, E | E2, R> => {
  if (options.attempts <= 0) return Effect.fail(options.onExhausted(0))
  const interval = Duration.max(Duration.fromInputUnsafe(options.interval), Duration.millis(MIN_POLLING_INTERVAL))
  const backoffFrom = options.backoffFrom === undefined ? undefined : Duration.fromInputUnsafe(options.backoffFrom)
  // The pause before probe `attempt + 1`: the interval, or the doubling backoff capped at it.
  const pause = (attempt: number): Duration.Duration =>
    backoffFrom === undefined
      ? interval
      : Duration.min(interval, Duration.times(backoffFrom, 2 ** Math.max(0, attempt - 1)))
  // A poll starts every pause however long the previous answer took (the wait is what is left of the pause),
  // so the API's "done" is seen at most one pause after it is true. The schedule's input is the last probe
  // (how long it took, its answer), passed through as its output.
  const schedule = Schedule.identity<readonly [Duration.Duration, Option.Option<A>]>().pipe(
    Schedule.while(({ input, attempt }) => Option.isNone(input[1]) && attempt < options.attempts),
    Schedule.addDelay(({ input, attempt }) =>
      Effect.succeed(Duration.max(Duration.zero, Duration.subtract(pause(attempt), input[0]))),
    ),
  )
  const timed = Effect.gen(function* () {
    const start = yield* Clock.currentTimeMillis
    const answer = yield* probe
    return [Duration.millis((yield* Clock.currentTimeMillis) - start), answer] as const
  })
  return Effect.repeat(timed, schedule).pipe(
    Effect.flatMap(([, answer]) =>
      Option.match(answer, {
        onNone: () => Effect.fail(options.onExhausted(options.attempts)),
        onSome: Effect.succeed,
      }),
    ),
  )
}
