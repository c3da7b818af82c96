import * as Layer from "effect/Layer"
import type { TradekitBook } from "../TradekitBook.js"
import { openSeaBookLayer } from "./book/openSeaBook.js"
import { type OpenSeaOptions, resolveOpenSeaConfig } from "./config/OpenSeaConfig.js"

/**
 * OpenSea's API v2 as a client's order book: `createClient({ chains, book: openSea({ apiKey }) })`, or
 * `Tradekit.layer({ chains, book: openSea({ apiKey }) })` in the Effect API. The actions keep their parameters;
 * order ids are Seaport order hashes. No `baseApiUrl` is needed: OpenSea is asked at `apiBaseUrl`, the chain at
 * its own RPC. In a browser, keep the key on your server: `openSea({ apiBaseUrl: "/api/opensea" })` behind
 * `createApiProxy` with OpenSea's routes.
 *
 * @example
 * const client = createClient({ chains: [mainnet], book: openSea({ apiKey: process.env.OPENSEA_API_KEY! }) })
 * await client.actions.buyToken({ items: [{ token: "0xNft:42" }], wallet })
 */
export const openSea = (options: OpenSeaOptions = {}): TradekitBook => {
  const config = resolveOpenSeaConfig(options)
  return {
    name: "opensea",
    layer: (transport) => openSeaBookLayer(config, options.crossChain).pipe(Layer.provide(transport)),
  }
}
