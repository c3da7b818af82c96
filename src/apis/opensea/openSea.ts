import type { TradekitApi } from "../TradekitApi.js"
import { type OpenSeaOptions, resolveOpenSeaConfig } from "./OpenSeaConfig.js"
import { openSeaTransportLayer } from "./openSeaTransport.js"

/**
 * OpenSea's API v2 as a client's order book: `createClient({ chains, api: openSea({ apiKey }) })`, or
 * `Tradekit.layer({ chains, api: openSea({ apiKey }) })` in the Effect API. The actions keep their parameters;
 * order ids are Seaport order hashes.
 *
 * @example
 * const client = createClient({ chains: [mainnet], api: openSea({ apiKey: process.env.OPENSEA_API_KEY! }) })
 * await client.actions.buyToken({ items: [{ token: "0xNft:42" }], wallet })
 */
export const openSea = (options: OpenSeaOptions): TradekitApi => {
  const config = resolveOpenSeaConfig(options)
  return { name: "opensea", http: (transport) => openSeaTransportLayer(config, transport) }
}
