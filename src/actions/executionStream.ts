import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as Take from "effect/Take"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"

/**
 * The progress of an action as a Stream: `start` gets the `onProgress` to pass to the action; the stream
 * emits every snapshot, ends when the action completes and fails with its error. Interrupting the stream
 * interrupts the action.
 *
 * @example
 * const progress = executionStream((onProgress) => buy({ items, onProgress }))
 * yield* Stream.runForEach(progress, (snapshot) => Effect.log(snapshot.status))
 */
export const executionStream = <A, E, R>(
  start: (onProgress: (snapshot: ExecutionSnapshot) => Effect.Effect<void>) => Effect.Effect<A, E, R>,
): Stream.Stream<ExecutionSnapshot, E, R> =>
  Stream.unwrapScoped(
    Effect.gen(function* () {
      const queue = yield* Effect.acquireRelease(Queue.unbounded<Take.Take<ExecutionSnapshot, E>>(), Queue.shutdown)
      yield* start((snapshot) => Queue.offer(queue, Take.of(snapshot))).pipe(
        Effect.onExit((exit) => Queue.offer(queue, Exit.isSuccess(exit) ? Take.end : Take.failCause(exit.cause))),
        Effect.forkScoped,
      )
      return Stream.flattenTake(Stream.fromQueue(queue))
    }),
  )
