import type * as Layer from "effect/Layer"
import { HttpTransport } from "../services/HttpTransport.js"
import type { TradekitOptions } from "../TradekitOptions.js"
import { type TradekitServices, tradekitLayer } from "../tradekitLayer.js"

/**
 * `Tradekit` of the Effect API with only the capabilities `options.capabilities` names (none by default): give
 * the wallet the same ones (`walletLayer(client, { capabilities })` from `tradekit/lite`).
 *
 * @example
 * const capabilities = [simulation]
 * program.pipe(
 *   Effect.provide(Tradekit.layer({ chains, capabilities })),
 *   Effect.provide(walletLayer(client, { capabilities })),
 * )
 */
export const Tradekit = {
  /** The client's services over the platform's `fetch`. */
  layer: (options: TradekitOptions): Layer.Layer<TradekitServices> =>
    tradekitLayer(options, HttpTransport.layerFetch(), []),
  /** The client's services over any HttpTransport. */
  layerWith: (options: TradekitOptions, http: Layer.Layer<HttpTransport>): Layer.Layer<TradekitServices> =>
    tradekitLayer(options, http, []),
}
