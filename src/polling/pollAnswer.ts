import * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import { notYetOnFailedAnswer } from "./notYetOnFailedAnswer.js"
import { type PollOptions, pollUntil } from "./pollUntil.js"

/**
/**
 * Asks the same question until `settled` says its answer is final: a failed answer (an API error status, a
 * dropped connection, a body that does not decode) is one "not yet", `settled` may fail to end the poll at once,
 * and once every attempt answered "not yet" the poll fails with `options.onExhausted`. What an order book's
 * statuses and `ChainApi.poll` both are.
 * @internal
 */
export const pollAnswer = <A, E, B, E1, E2>(
  ask: Effect.Effect<A, E>,
  settled: (answer: A) => Effect.Effect<Option.Option<B>, E1>,
  options: PollOptions<E2>,
) => pollUntil(notYetOnFailedAnswer(Effect.flatMap(ask, settled)), options)
