import type * as Layer from "effect/Layer"
import { executorCapabilities } from "./capabilities/executorCapabilities.js"
import { HttpTransport } from "./services/HttpTransport.js"
import type { TradekitOptions } from "./TradekitOptions.js"
import { type TradekitServices, tradekitLayer } from "./tradekitLayer.js"

export type { TradekitOptions } from "./TradekitOptions.js"
export type { TradekitServices } from "./tradekitLayer.js"

/**
 * The single entry of the Effect API: `Tradekit.layer(options)` provides the configuration, the ApiClient over
 * `fetch`, the plugins and every capability (`options.capabilities` to name fewer); add a wallet with
 * `walletLayer(walletClient)`. tradekit logs at `logLevel` (none by default) inside its own actions only, so the
 * program's own logging stays as it was. Each layer built has its own send locks: the actions run under one build
 * send one transaction at a time per account, and releasing it interrupts the background requests (liquidity
 * refreshes) still in flight. `tradekit/lite` has the same `Tradekit`, with no capability unless named.
 *
 * @example
 * const program = buy({ items: [{ token: `${nft}:42` }] })
 * program.pipe(Effect.provide(Tradekit.layer({ chains: [mainnet] })), Effect.provide(walletLayer(walletClient)))
 */
export const Tradekit = {
  /** The client's services over the platform's `fetch`. */
  layer: (options: TradekitOptions): Layer.Layer<TradekitServices> =>
    Tradekit.layerWith(options, HttpTransport.layerFetch()),
  /**
   * The client's services over any HttpTransport: `fetch` of your own (`HttpTransport.layerFetch(fetch)`), an
   * effect/http HttpClient (`httpClientTransport`), the fake API of `tradekit/testing`.
   */
  layerWith: (options: TradekitOptions, http: Layer.Layer<HttpTransport>): Layer.Layer<TradekitServices> =>
    tradekitLayer(options, http, executorCapabilities),
}
