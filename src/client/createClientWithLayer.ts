import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { bid } from "../actions/bid.js"
import { buy } from "../actions/buy.js"
import { call } from "../actions/call.js"
import { cancel } from "../actions/cancel.js"
import type { CommonActionParameters } from "../actions/internal/ActionOptions.js"
import { list } from "../actions/list.js"
import { mint } from "../actions/mint.js"
import { resumeExecution } from "../actions/resume.js"
import { sell } from "../actions/sell.js"
import { transfer } from "../actions/transfer.js"
import { copyPlain } from "../internal/copyPlain.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import { eventsPlugin, type ReservoirEvent, type ReservoirEventListener } from "../plugins/events.js"
import type { PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import { BackgroundTasks } from "../services/BackgroundTasks.js"
import { type ClientConfig, resolveClientConfig } from "../services/ClientConfig.js"
import type { HttpTransport } from "../services/HttpTransport.js"
import type { OrderBook } from "../services/OrderBook.js"
import { makeSendLocks, SendLocks } from "../services/SendLocks.js"
import { Wallet } from "../services/Wallet.js"
import { Tradekit, type TradekitServices } from "../Tradekit.js"
import { VERSION } from "../version.js"
import type {
  CallActionParameters,
  FacadeParameters,
  ReservoirClient,
  ReservoirClientOptions,
  StepsAndPathCallback,
  StepsCallback,
} from "./ReservoirClient.js"
import { rejectionOf } from "./rejectionOf.js"
import { toWalletService } from "./toWalletService.js"

const definedOnly = <A extends object>(options: A): Partial<A> =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<A>

/** Calls a user callback with fresh copies, so nothing the executor holds is ever shared with the caller. */
const notify = (callback: () => unknown): Effect.Effect<void> =>
  Effect.try(callback).pipe(
    Effect.catch((error) => Effect.logWarning("tradekit: an onProgress callback threw", error)),
    Effect.asVoid,
  )

/**
 * A copy the caller may change at will. Snapshots are plain JSON, which a plain copy handles several times
 * faster than `structuredClone` (called on every progress update); anything else is cloned as before.
 */
const fresh = <A>(value: A): A => copyPlain(value, { other: structuredClone }) as A

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

/**
 * `createClient` over any HttpTransport layer: the fake API of `tradekit/testing`, a proxy, a recorder.
 * Meant for tests of the facade; apps call `createClient`.
 * @internal
 */
export const createClientWithLayer = (options: ReservoirClientOptions, http: Layer.Layer<HttpTransport>): ReservoirClient => {
  let listeners: ReadonlyArray<ReservoirEventListener> = []
  let current: ReservoirClientOptions = options
  // One throwing listener must not keep the others from hearing the event.
  const emit = (event: ReservoirEvent, chainId: number) => {
    const failures = listeners.flatMap((listener) => {
      try {
        listener(event, chainId)
        return []
      } catch (error) {
        return [error]
      }
    })
    if (failures.length > 0) throw failures[0]
  }
  // One set of locks for the client's whole life, shared by every runtime `configure` makes: two actions of
  // the client never send from one account at once, whichever configuration each started under.
  const sendLocks = Effect.runSync(makeSendLocks)
  const build = (opts: ReservoirClientOptions): Generation => ({
    runtime: ManagedRuntime.make(Tradekit.layerWith({ ...opts, plugins: [...(opts.plugins ?? []), eventsPlugin(emit)] }, http)),
    actions: new Set(),
    started: false,
    retired: false,
    released: undefined,
  })

  let generation = build(current)
  // Every runtime not yet released: the current one, and those `configure` retired that still run something.
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

  const run = <A>(parameters: FacadeParameters, effect: Effect.Effect<A, unknown, OrderBook | Wallet | ClientConfig>): Promise<A> => {
    return disposed ? Promise.reject(new Error(CLIENT_DISPOSED)) : start(parameters, effect)
  }

  const start = <A>(parameters: FacadeParameters, effect: Effect.Effect<A, unknown, OrderBook | Wallet | ClientConfig>): Promise<A> => {
    const program = effect.pipe(Effect.provideService(Wallet, toWalletService(parameters.wallet)), Effect.provideService(SendLocks, sendLocks))
    const g = generation
    // Every running action, so `dispose` stops each with its reason first (the runtime's disposal then only
    // awaits them): a caller's promise rejects with CLIENT_DISPOSED, not a bare interruption.
    const controller = new AbortController()
    const signal = parameters.signal === undefined ? controller.signal : AbortSignal.any([parameters.signal, controller.signal])
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

  type Progress = (snapshot: ExecutionSnapshot) => unknown
  // The action's `onProgress`: the facade's own callback in its reservoir-sdk shape, then `onSnapshot`.
  const progressOf = (parameters: FacadeParameters, onProgress: Progress | undefined): Pick<CommonActionParameters, "onProgress"> => {
    const callbacks = [onProgress, parameters.onSnapshot].filter((callback): callback is Progress => callback !== undefined)
    return callbacks.length === 0
      ? {}
      : { onProgress: (snapshot) => Effect.forEach(callbacks, (callback) => notify(() => callback(snapshot)), { discard: true }) }
  }
  // What the facade passes on to the action as it is: all but what the facade itself handles.
  const ownOf = <P extends FacadeParameters & { readonly onProgress?: unknown }>(parameters: P) => {
    const { wallet: _wallet, signal: _signal, onSnapshot: _onSnapshot, onProgress: _onProgress, ...own } = parameters
    return own
  }
  const stepsOf = (snapshot: ExecutionSnapshot) => fresh(snapshot.steps) as Array<Step>
  const withSteps = (callback: StepsCallback | undefined): Progress | undefined => callback && ((snapshot) => callback(stepsOf(snapshot)))
  const pathOf = (snapshot: ExecutionSnapshot) => fresh(snapshot.path) as Array<PathEntry> | null | undefined
  // As reservoir-sdk 2.0.x: an execution passes the fees too (a copy, `{}` when absent), a precheck does not.
  const withPath = (callback: StepsAndPathCallback | undefined, precheck: boolean | undefined): Progress | undefined =>
    callback &&
    (precheck === true
      ? (snapshot) => callback(stepsOf(snapshot), pathOf(snapshot))
      : (snapshot) => callback(stepsOf(snapshot), pathOf(snapshot), fresh(snapshot.fees) ?? {}))
  const withFees = (callback: CallActionParameters["onProgress"]): Progress | undefined =>
    callback && ((snapshot) => callback(stepsOf(snapshot), fresh(snapshot.fees)))
  const mutableSteps = (result: ReadonlyArray<Step> | true): Array<Step> | true => (result === true ? result : (fresh(result) as Array<Step>))

  return {
    version: VERSION,
    get chains() {
      return resolveClientConfig(current).chains
    },
    currentChain: () => resolveClientConfig(current).activeChain ?? null,
    configure: (next) => {
      current = { ...current, ...definedOnly(next) }
      const previous = generation
      generation = build(current)
      generations.add(generation)
      previous.retired = true
      releaseWhenIdle(previous)
    },
    addEventListener: (listener) => {
      listeners = [...listeners, listener]
    },
    removeEventListener: (listener) => {
      listeners = listeners.filter((candidate) => candidate !== listener)
    },
    clearEventListeners: () => {
      listeners = []
    },
    resume: (p) =>
      run(
        p,
        Effect.as(
          resumeExecution(p.snapshot, {
            ...(p.gas !== undefined ? { gas: p.gas } : {}),
            ...(p.expectedPrice !== undefined ? { expectedPrice: p.expectedPrice } : {}),
            ...(p.resendUnknown !== undefined ? { resendUnknown: p.resendUnknown } : {}),
            ...progressOf(p, undefined),
          }),
          true as const,
        ),
      ),
    dispose: async () => {
      disposed = true
      const all = [...generations]
      for (const g of all) for (const controller of g.actions) controller.abort(new Error(CLIENT_DISPOSED))
      await Promise.all(all.map(release))
    },
    actions: {
      buyToken: (p) => run(p, buy({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      acceptOffer: (p) => run(p, sell({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      mintToken: (p) => run(p, mint({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      listToken: (p) => run(p, Effect.map(list({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) }), mutableSteps)),
      placeBid: (p) => run(p, bid({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) })),
      cancelOrder: (p) => {
        const { ids, ...own } = ownOf(p)
        return run(p, cancel({ ...own, orderIds: ids, ...progressOf(p, withSteps(p.onProgress)) }))
      },
      transferTokens: (p) => run(p, Effect.map(transfer({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) }), mutableSteps)),
      call: (p) => run(p, call({ ...ownOf(p), ...progressOf(p, withFees(p.onProgress)) })),
    },
  }
}
