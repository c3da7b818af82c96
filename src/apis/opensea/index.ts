/**
 * `tradekit/opensea`: OpenSea's API v2 as a client's order book, through the same executor.
 * @module
 */

export type { TradekitApi, TradekitBook } from "../TradekitBook.js"
export {
  ChainReader,
  type ChainReaderService,
  type ChainReads,
  makeChainReads,
  makeRpcChainReader,
} from "./chain/chainReads.js"
export { OPENSEA_SEADROP, OPENSEA_TRANSFER_HELPER, type OpenSeaOptions } from "./config/OpenSeaConfig.js"
export {
  OPENSEA_CHAINS,
  OPENSEA_CONDUIT,
  OPENSEA_CONDUIT_KEY,
  OPENSEA_CURRENCIES,
  OPENSEA_SEAPORT,
  OPENSEA_SIGNED_ZONE,
  type OpenSeaChain,
  type OpenSeaCurrencies,
} from "./config/openSeaChains.js"
export { openSea } from "./openSea.js"
