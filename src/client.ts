import { createClientWithLayer } from "./client/createClientWithLayer.js"
import type { ReservoirClient, ReservoirClientOptions } from "./client/ReservoirClient.js"
import { HttpTransport } from "./services/HttpTransport.js"

export type * from "./client/FacadeActionName.js"
export type * from "./client/ReservoirClient.js"

/**
 * The Promise facade, a drop-in for reservoir-sdk 2.0.x's `createClient`: the same options, the same
 * `client.actions.*` with the same parameters and results, rejections with the same messages (the typed
 * errors themselves). Each call makes its own client, on its own Effect runtime: there is no global state. It has
 * every capability (`capabilities` to name fewer); `createClient` from `tradekit/lite` has those it names.
 *
 * @example
 * const client = createClient({ chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.reservoir.tools", active:
 * true }], source: "my.app" })
 * await client.actions.buyToken({ items: [{ token: "0xNft:42", quantity: 1 }], wallet: walletClient, onProgress:
 * (steps) => render(steps) })
 */
export const createClient = (options: ReservoirClientOptions): ReservoirClient =>
  createClientWithLayer(options, HttpTransport.layerFetch())
