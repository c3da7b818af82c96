import * as Layer from "effect/Layer"
import { ApiClient } from "./apis/reservoir/ApiClient.js"
import { reservoirBookLayer } from "./apis/reservoir/reservoirBook.js"
import type { Capability } from "./capabilities/Capability.js"
import { capabilitiesLayer, withCapabilityDefaults } from "./capabilities/capabilitiesLayer.js"
import { defaultPlugins, mergePlugins, Plugins } from "./plugins/Plugins.js"
import { BackgroundTasks } from "./services/BackgroundTasks.js"
import { ClientConfig } from "./services/ClientConfig.js"
import type { HttpTransport } from "./services/HttpTransport.js"
import type { OrderBook } from "./services/OrderBook.js"
import { SendLocks } from "./services/SendLocks.js"
import type { TradekitOptions } from "./TradekitOptions.js"

/**
 * The services a client layer provides: everything an action needs but the Wallet, plus the locks that keep
 * its executions from racing for an account's nonce and the tasks its release interrupts. The layer also sets
 * the `Plugins` reference and the references of its capabilities, which (references with a default) are no
 * requirement of their own.
 */
export type TradekitServices = ClientConfig | ApiClient | OrderBook | SendLocks | BackgroundTasks

/** The capabilities a client has: those `options.capabilities` names, else its entry's `defaults`. @internal */
export const capabilitiesIn = (
  options: Pick<TradekitOptions, "capabilities">,
  defaults: ReadonlyArray<Capability>,
): ReadonlyArray<Capability> => options.capabilities ?? defaults

/**
 * The client's services over `http`, with the capabilities `options.capabilities` names, else `defaults`:
 * `simulate` and `batchTransactions` default to whether the simulation and batches are among them.
 * @internal
 */
export const tradekitLayer = (
  options: TradekitOptions,
  http: Layer.Layer<HttpTransport>,
  defaults: ReadonlyArray<Capability>,
): Layer.Layer<TradekitServices> => {
  const { plugins, webSocketConstructor, book: chosen, api, capabilities: _named, ...clientOptions } = options
  const capabilities = capabilitiesIn(options, defaults)
  const bookOption = chosen ?? api
  const config = ClientConfig.layer(withCapabilityDefaults(clientOptions, capabilities))
  // Effect 4 memoizes a layer object across every `provide` of a program: the shared static layers are
  // built fresh, so that each build of this layer has its own ApiClient, send locks and tasks.
  const apiClient = Layer.fresh(ApiClient.layer).pipe(Layer.provide(Layer.merge(http, config)))
  const book =
    bookOption === undefined
      ? Layer.fresh(reservoirBookLayer).pipe(Layer.provide(apiClient))
      : bookOption.layer(http).pipe(Layer.provide(config))
  return Layer.mergeAll(
    config,
    apiClient,
    book,
    Plugins.layer(mergePlugins(defaultPlugins, plugins)),
    Layer.fresh(SendLocks.layer),
    Layer.fresh(BackgroundTasks.layer),
    capabilitiesLayer(capabilities, { webSocketConstructor }),
  )
}
