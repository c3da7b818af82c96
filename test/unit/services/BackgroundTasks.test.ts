import { describe, expect, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as TestClock from "effect/testing/TestClock"
import { BackgroundTasks } from "../../../src/services/BackgroundTasks.js"

describe("BackgroundTasks", () => {
  it.effect("runs a task without waiting for it, and awaitIdle waits until it has ended", () =>
    Effect.gen(function* () {
      const done = yield* Ref.make(false)
      yield* Effect.gen(function* () {
        const tasks = yield* BackgroundTasks
        yield* tasks.run(Effect.andThen(Effect.sleep("1 second"), Ref.set(done, true)))
        expect(yield* Ref.get(done)).toBe(false)
        const idle = yield* Effect.forkChild(tasks.awaitIdle)
        yield* TestClock.adjust("999 millis")
        expect(idle.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("1 millis")
        yield* Fiber.join(idle)
        expect(yield* Ref.get(done)).toBe(true)
      }).pipe(Effect.provide(BackgroundTasks.layer))
    }),
  )

  it.effect("drops a task's failure: it neither fails run nor awaitIdle", () =>
    Effect.gen(function* () {
      const tasks = yield* BackgroundTasks
      yield* tasks.run(Effect.fail("refresh failed"))
      yield* tasks.run(Effect.die("defect"))
      yield* tasks.awaitIdle
    }).pipe(Effect.provide(BackgroundTasks.layer)),
  )

  it.effect("interrupts the tasks still in flight when the layer is released", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const interrupted = yield* Deferred.make<void>()
      yield* Effect.scoped(
        Effect.gen(function* () {
          const context = yield* Layer.build(BackgroundTasks.layer)
          const tasks = Context.get(context, BackgroundTasks)
          yield* tasks.run(
            Deferred.succeed(started, undefined).pipe(
              Effect.andThen(Effect.never),
              Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined)),
            ),
          )
          yield* Deferred.await(started)
        }),
      )
      expect(yield* Deferred.isDone(interrupted)).toBe(true)
    }),
  )
})
