/**
 * `tradekit/opensea`: OpenSea's API v2 as a client's order book, through the same executor.
 * @module
 */

export type { TradekitApi } from "../TradekitApi.js"
export { OPENSEA_CHAIN_NAMES } from "./chainNames.js"
export { ChainReader, type ChainReaderService, type ChainReads, makeChainReads, makeRpcChainReader } from "./chainReads.js"
export { OPENSEA_CONDUIT, OPENSEA_CONDUIT_KEY, OPENSEA_SEAPORT, OPENSEA_SIGNED_ZONE, type OpenSeaOptions } from "./OpenSeaConfig.js"
export { openSea } from "./openSea.js"
