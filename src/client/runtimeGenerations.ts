import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type { Capability } from "../capabilities/Capability.js"
import { BackgroundTasks } from "../services/BackgroundTasks.js"
import type { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import { makeSendLocks, SendLocks } from "../services/SendLocks.js"
import { Wallet } from "../services/Wallet.js"
import type { TradekitServices } from "../tradekitLayer.js"
import type { FacadeParameters } from "./ReservoirClient.js"
import { rejectionOf } from "./rejectionOf.js"
import { toWalletService } from "./toWalletService.js"

/**
 * One runtime of a client (each `configure` makes a new one) and the actions it runs. A retired runtime
 * keeps serving the actions it started, and is released as soon as they and their background requests end.
 */
interface Generation {
  readonly runtime: ManagedRuntime.ManagedRuntime<TradekitServices, never>
  readonly actions: Set<AbortController>
  started: boolean
  retired: boolean
  released: Promise<void> | undefined
}

/** What an action of a disposed client rejects with. */
const CLIENT_DISPOSED = "The client was disposed"

/** The runtimes of one client: the current one, and the retired ones that still run something. */
export interface RuntimeGenerations {
  /** Runs an action on the current runtime with the caller's wallet and signal; rejects once disposed. */
  readonly run: <A>(
    parameters: FacadeParameters,
    effect: Effect.Effect<A, unknown, OrderBook | Wallet | ClientConfig>,
  ) => Promise<A>
  /** Makes a new current runtime from `layer`; the previous one is released when what it started has ended. */
  readonly replace: (layer: Layer.Layer<TradekitServices>) => void
  /** Stops every running action with CLIENT_DISPOSED and releases every runtime. */
  readonly dispose: () => Promise<void>
}

/**
 * The runtimes of a client over its life. One set of send locks serves every runtime `replace` makes: two actions
 * of the client never send from one account at once, whichever configuration each started under.
 */
export const makeRuntimeGenerations = (
  layer: Layer.Layer<TradekitServices>,
  capabilities: () => ReadonlyArray<Capability>,
): RuntimeGenerations => {
  const sendLocks = Effect.runSync(makeSendLocks)
  const build = (layer: Layer.Layer<TradekitServices>): Generation => ({
    runtime: ManagedRuntime.make(layer),
    actions: new Set(),
    started: false,
    retired: false,
    released: undefined,
  })
  let generation = build(layer)
  const generations = new Set([generation])
  const release = (g: Generation): Promise<void> => {
    generations.delete(g)
    g.released ??= g.runtime.dispose()
    return g.released
  }
  // A retired runtime is released once what it started has ended: its actions, then their background requests.
  const releaseWhenIdle = (g: Generation): void => {
    if (g.released !== undefined || g.actions.size > 0) return
    if (!g.started) {
      void release(g)
      return
    }
    const idle = g.runtime.runPromise(BackgroundTasks.use((tasks) => tasks.awaitIdle))
    // Rejected only when `dispose` released it first.
    void idle.then(
      () => release(g),
      () => release(g),
    )
  }
  // Set by `dispose`: a disposed client starts nothing more (a v4 runtime would rebuild its layer on use).
  let disposed = false
  const start = <A>(
    parameters: FacadeParameters,
    effect: Effect.Effect<A, unknown, OrderBook | Wallet | ClientConfig>,
  ): Promise<A> => {
    const program = effect.pipe(
      Effect.provideServiceEffect(Wallet, toWalletService(parameters.wallet, capabilities())),
      Effect.provideService(SendLocks, sendLocks),
    )
    const g = generation
    // Every running action, so `dispose` stops each with its reason first (the runtime's disposal then only
    // awaits them): a caller's promise rejects with CLIENT_DISPOSED, not a bare interruption.
    const controller = new AbortController()
    const signal =
      parameters.signal === undefined ? controller.signal : AbortSignal.any([parameters.signal, controller.signal])
    g.actions.add(controller)
    g.started = true
    return g.runtime
      .runPromiseExit(program, { signal })
      .then((exit) => {
        if (Exit.isSuccess(exit)) return exit.value
        throw rejectionOf(exit.cause, signal)
      })
      .finally(() => {
        g.actions.delete(controller)
        if (g.retired) releaseWhenIdle(g)
      })
  }
  return {
    run: (parameters, effect) => (disposed ? Promise.reject(new Error(CLIENT_DISPOSED)) : start(parameters, effect)),
    replace: (layer) => {
      const previous = generation
      generation = build(layer)
      generations.add(generation)
      previous.retired = true
      releaseWhenIdle(previous)
    },
    dispose: async () => {
      disposed = true
      const all = [...generations]
      for (const g of all) for (const controller of g.actions) controller.abort(new Error(CLIENT_DISPOSED))
      await Promise.all(all.map(release))
    },
  }
}
