import * as Layer from "effect/Layer"
import type { ClientOptions } from "../services/ClientConfig.js"
import type { Capability, CapabilityOptions } from "./Capability.js"

/**
 * The executor's side of `capabilities`, for services composed by hand (`ClientConfig.layer`, a book, a
 * wallet): `Tradekit.layer` provides them itself.
 *
 * @example
 * const capabilities = capabilitiesLayer(executorCapabilities)
 * program.pipe(Effect.provide(Layer.mergeAll(config, withReservoirBook(apiClient), capabilities)))
 */
export const capabilitiesLayer = (
  capabilities: ReadonlyArray<Capability>,
  options: CapabilityOptions = {},
): Layer.Layer<never> => Layer.mergeAll(Layer.empty, ...capabilities.map((capability) => capability.layer(options)))

/**
 * `options` with `simulate` and `batchTransactions` defaulting to whether `capabilities` have the simulation and
 * batches: what a client's configuration is made from.
 * @internal
 */
export const withCapabilityDefaults = <O extends ClientOptions>(
  options: O,
  capabilities: ReadonlyArray<Capability>,
): O => {
  const has = (name: string) => capabilities.some((capability) => capability.name === name)
  return {
    ...options,
    simulate: options.simulate ?? has("simulation"),
    batchTransactions: options.batchTransactions ?? has("batching"),
  }
}
