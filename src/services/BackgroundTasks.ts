import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FiberSet from "effect/FiberSet"
import * as Layer from "effect/Layer"

/** What the BackgroundTasks service offers: work that outlives the action that started it, but not its owner. */
export interface BackgroundTasksService {
  /** Starts `effect` without waiting for it; its outcome is dropped. */
  readonly run: <A, E>(effect: Effect.Effect<A, E>) => Effect.Effect<void>
  /** Waits until every task started so far has ended. */
  readonly awaitIdle: Effect.Effect<void>
}

/**
 * Where fire-and-forget work runs (the liquidity refresh after a failed buy or sell): the tasks outlive the
 * action, and releasing the layer (a client's `dispose`, the end of a `Tradekit.layer`'s scope) interrupts
 * the ones still in flight. Without the service, such work runs detached from any owner.
 */
export class BackgroundTasks extends Context.Service<BackgroundTasks, BackgroundTasksService>()(
  "tradekit/BackgroundTasks",
) {
  /** A layer whose tasks are interrupted when it is released. */
  static readonly layer: Layer.Layer<BackgroundTasks> = Layer.effect(
    BackgroundTasks,
    Effect.map(
      FiberSet.make(),
      (tasks): BackgroundTasksService => ({
        run: (effect) => Effect.asVoid(FiberSet.run(tasks, Effect.ignore(effect))),
        awaitIdle: FiberSet.awaitEmpty(tasks),
      }),
    ),
  )
}
