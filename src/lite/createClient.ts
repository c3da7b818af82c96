import { makeFacadeClient } from "../client/makeFacadeClient.js"
import type { ReservoirClient, ReservoirClientOptions } from "../client/ReservoirClient.js"
import { HttpTransport } from "../services/HttpTransport.js"

/**
 * The Promise facade of `tradekit`, with only the capabilities `options.capabilities` names: a page carries
 * the executor and the actions, and of the optional parts (the status socket, batches, simulation, the EIP-7966
 * send, the price check, resumption, wallets of reservoir-sdk's shape) only those. What needs one it lacks fails
 * with a CapabilityMissingError that names it.
 *
 * @example
 * import { createClient, simulation } from "tradekit/lite"
 * const client = createClient({ chains: [chain], source: "my.app", capabilities: [simulation] })
 */
export const createClient = (options: ReservoirClientOptions): ReservoirClient =>
  makeFacadeClient(options, HttpTransport.layerFetch(), [])
