import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
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
  // The action runs in the stream's scope: it fails the queue with its cause, and its end ends the stream.
  Stream.callback<ExecutionSnapshot, E, R>((queue) =>
    Effect.andThen(
      start((snapshot) => Effect.asVoid(Queue.offer(queue, snapshot))),
      Queue.end(queue),
    ),
  )
