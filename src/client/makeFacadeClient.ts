import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { bid } from "../actions/bid.js"
import { buy } from "../actions/buy.js"
import { call } from "../actions/call.js"
import { cancel } from "../actions/cancel.js"
import { list } from "../actions/list.js"
import { mint } from "../actions/mint.js"
import { sell } from "../actions/sell.js"
import { transfer } from "../actions/transfer.js"
import type { Capability } from "../capabilities/Capability.js"
import { Resumer } from "../capabilities/Resumer.js"
import { CapabilityMissingError } from "../errors/index.js"
import { eventsPlugin, type ReservoirEvent, type ReservoirEventListener } from "../plugins/events.js"
import { resolveClientConfig } from "../services/ClientConfig.js"
import type { HttpTransport } from "../services/HttpTransport.js"
import { capabilitiesIn, tradekitLayer } from "../tradekitLayer.js"
import { VERSION } from "../version.js"
import { mutableSteps, ownOf, progressOf, withFees, withPath, withSteps } from "./facadeProgress.js"
import type { ReservoirClient, ReservoirClientOptions } from "./ReservoirClient.js"
import { makeRuntimeGenerations } from "./runtimeGenerations.js"

const definedOnly = <A extends object>(options: A): Partial<A> =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<A>

/**
 * The Promise facade over `http` with the capabilities the options name, else `defaults`: what `createClient` of
 * `tradekit` (every capability) and of `tradekit/lite` (those named) make.
 * @internal
 */
export const makeFacadeClient = (
  options: ReservoirClientOptions,
  http: Layer.Layer<HttpTransport>,
  defaults: ReadonlyArray<Capability>,
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
  const layerOf = (opts: ReservoirClientOptions) =>
    tradekitLayer({ ...opts, plugins: [...(opts.plugins ?? []), eventsPlugin(emit)] }, http, defaults)
  const { run, replace, dispose } = makeRuntimeGenerations(layerOf(current), () => capabilitiesIn(current, defaults))

  return {
    version: VERSION,
    get chains() {
      return resolveClientConfig(current).chains
    },
    currentChain: () => resolveClientConfig(current).activeChain ?? null,
    configure: (next) => {
      current = { ...current, ...definedOnly(next) }
      replace(layerOf(current))
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
          Resumer.use((resumeExecution) =>
            resumeExecution === undefined
              ? Effect.fail(CapabilityMissingError.of("resumption", "A resume"))
              : resumeExecution(p.snapshot, {
                  ...(p.gas !== undefined ? { gas: p.gas } : {}),
                  ...(p.expectedPrice !== undefined ? { expectedPrice: p.expectedPrice } : {}),
                  ...(p.resendUnknown !== undefined ? { resendUnknown: p.resendUnknown } : {}),
                  ...progressOf(p, undefined),
                }),
          ),
          true as const,
        ),
      ),
    dispose,
    actions: {
      buyToken: (p) => run(p, buy({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      acceptOffer: (p) => run(p, sell({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      mintToken: (p) => run(p, mint({ ...ownOf(p), ...progressOf(p, withPath(p.onProgress, p.precheck)) })),
      listToken: (p) =>
        run(p, Effect.map(list({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) }), mutableSteps)),
      placeBid: (p) => run(p, bid({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) })),
      cancelOrder: (p) => {
        const { ids, ...own } = ownOf(p)
        return run(p, cancel({ ...own, orderIds: ids, ...progressOf(p, withSteps(p.onProgress)) }))
      },
      transferTokens: (p) =>
        run(p, Effect.map(transfer({ ...ownOf(p), ...progressOf(p, withSteps(p.onProgress)) }), mutableSteps)),
      call: (p) => run(p, call({ ...ownOf(p), ...progressOf(p, withFees(p.onProgress)) })),
    },
  }
}
