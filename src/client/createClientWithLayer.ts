import type * as HttpClient from "@effect/platform/HttpClient"
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
import { sell } from "../actions/sell.js"
import { transfer } from "../actions/transfer.js"
import { resumeExecution } from "../pipeline/executeSteps.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import { eventsPlugin, type ReservoirEvent, type ReservoirEventListener } from "../plugins/events.js"
import type { ApiClient } from "../services/ApiClient.js"
import { type ClientConfig, resolveClientConfig } from "../services/ClientConfig.js"
import { Wallet } from "../services/Wallet.js"
import { Tradekit, type TradekitServices } from "../Tradekit.js"
import { VERSION } from "../version.js"
import type { PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import type {
  CallActionParameters,
  FacadeParameters,
  ReservoirClient,
  ReservoirClientOptions,
  StepsAndPathCallback,
  TakeParameters,
} from "./ReservoirClient.js"
import { rejectionOf } from "./rejectionOf.js"
import { toWalletService } from "./toWalletService.js"

const definedOnly = <A extends object>(options: A): Partial<A> =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<A>

/** Calls a user callback with fresh copies, so nothing the executor holds is ever shared with the caller. */
const notify = (callback: () => unknown): Effect.Effect<void> =>
  Effect.try(callback).pipe(
    Effect.catchAll((error) => Effect.logWarning("tradekit: an onProgress callback threw", error)),
    Effect.asVoid,
  )

const fresh = <A>(value: A): A => (value === undefined || value === null ? value : structuredClone(value))

/**
 * `createClient` over any HttpClient layer: the fake API of `tradekit/testing`, a proxy, a recorder.
 * Meant for tests of the facade; apps call `createClient`.
 * @internal
 */
export const createClientWithLayer = (
  options: ReservoirClientOptions,
  http: Layer.Layer<HttpClient.HttpClient>,
): ReservoirClient => {
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
  const build = (opts: ReservoirClientOptions) =>
    ManagedRuntime.make(Tradekit.layerWith({ ...opts, plugins: [...(opts.plugins ?? []), eventsPlugin(emit)] }, http))

  let runtime: ManagedRuntime.ManagedRuntime<TradekitServices, never> = build(current)
  // Runtimes replaced by `configure` keep serving the actions they started; all are released by `dispose`.
  const retired: Array<ManagedRuntime.ManagedRuntime<TradekitServices, never>> = []

  // Every running action, so `dispose` can stop them: disposing a runtime does not interrupt its fibers.
  const running = new Set<AbortController>()

  const run = <A>(
    parameters: FacadeParameters,
    effect: Effect.Effect<A, unknown, ApiClient | Wallet | ClientConfig>,
  ): Promise<A> => {
    const program = Effect.provideService(effect, Wallet, toWalletService(parameters.wallet))
    const controller = new AbortController()
    const signal = parameters.signal === undefined ? controller.signal : AbortSignal.any([parameters.signal, controller.signal])
    running.add(controller)
    return runtime
      .runPromiseExit(program, { signal })
      .then((exit) => {
        if (Exit.isSuccess(exit)) return exit.value
        throw rejectionOf(exit.cause, signal)
      })
      .finally(() => running.delete(controller))
  }

  type Progress = (snapshot: ExecutionSnapshot) => unknown
  const common = (parameters: FacadeParameters, onProgress: Progress | undefined): CommonActionParameters => {
    const callbacks = [onProgress, parameters.onSnapshot].filter((callback): callback is Progress => callback !== undefined)
    return {
      chainId: parameters.chainId,
      plugins: parameters.plugins,
      onProgress:
        callbacks.length === 0
          ? undefined
          : (snapshot) => Effect.forEach(callbacks, (callback) => notify(() => callback(snapshot)), { discard: true }),
    }
  }
  const stepsOf = (snapshot: ExecutionSnapshot) => fresh(snapshot.steps) as Array<Step>
  const withSteps = (callback: ((steps: Array<Step>) => unknown) | undefined): Progress | undefined =>
    callback && ((snapshot) => callback(stepsOf(snapshot)))
  const withPath = (callback: StepsAndPathCallback | undefined): Progress | undefined =>
    callback && ((snapshot) => callback(stepsOf(snapshot), fresh(snapshot.path) as Array<PathEntry> | null | undefined))
  const withFees = (callback: CallActionParameters["onProgress"]): Progress | undefined =>
    callback && ((snapshot) => callback(stepsOf(snapshot), fresh(snapshot.fees)))
  const take = (p: TakeParameters) => ({
    ...common(p, withPath(p.onProgress)),
    items: p.items,
    expectedPrice: p.expectedPrice,
    options: p.options,
    precheck: p.precheck,
    gas: p.gas,
  })
  const mutableSteps = (result: ReadonlyArray<Step> | true): Array<Step> | true => (result === true ? result : (fresh(result) as Array<Step>))

  return {
    version: VERSION,
    get chains() {
      return resolveClientConfig(current).chains
    },
    currentChain: () => resolveClientConfig(current).activeChain ?? null,
    configure: (next) => {
      current = { ...current, ...definedOnly(next) }
      retired.push(runtime)
      runtime = build(current)
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
            onProgress: common(p, undefined).onProgress,
          }),
          true as const,
        ),
      ),
    dispose: async () => {
      for (const controller of running) controller.abort(new Error("The client was disposed"))
      await Promise.all([runtime, ...retired].map((r) => r.dispose()))
    },
    actions: {
      buyToken: (p) => run(p, buy(take(p))),
      acceptOffer: (p) => run(p, sell(take(p))),
      mintToken: (p) => run(p, mint(take(p))),
      listToken: (p) =>
        run(p, Effect.map(list({ ...common(p, withSteps(p.onProgress)), listings: p.listings, precheck: p.precheck }), mutableSteps)),
      placeBid: (p) => run(p, bid({ ...common(p, withSteps(p.onProgress)), bids: p.bids })),
      cancelOrder: (p) =>
        run(p, cancel({ ...common(p, withSteps(p.onProgress)), orderIds: p.ids, options: p.options, gas: p.gas })),
      transferTokens: (p) =>
        run(p, Effect.map(transfer({ ...common(p, withSteps(p.onProgress)), to: p.to, items: p.items, precheck: p.precheck }), mutableSteps)),
      call: (p) =>
        run(p, call({ ...common(p, withFees(p.onProgress)), txs: p.txs, toChainId: p.toChainId, options: p.options, precheck: p.precheck })),
    },
  }
}
