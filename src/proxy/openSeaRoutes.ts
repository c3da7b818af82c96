import type { ProxyRoute } from "./protocolRoutes.js"

/**
 * Every route of OpenSea's API v2 that tradekit's `openSea` order book calls, and nothing else of the API:
 * contract and collection reads (and a collection's NFTs with a trait, for trait offers), an order by hash, a token's
 * best listing and offer, fulfilment data, order
 * and offer posts, the collection-offer build, the off-chain cancel, and the drops (the list, which a page reads to
 * offer them, one drop and its mint transaction, which the book's `mintToken` calls). Each `:name` is one path
 * segment.
 */
export const OPENSEA_ROUTES: ReadonlyArray<ProxyRoute> = [
  { method: "GET", path: "/api/v2/chain/:chain/contract/:address" },
  { method: "GET", path: "/api/v2/chain/:chain/contract/:address/nfts/:identifier" },
  { method: "GET", path: "/api/v2/collections/:slug" },
  { method: "GET", path: "/api/v2/collection/:slug/nfts" },
  { method: "GET", path: "/api/v2/orders/chain/:chain/protocol/:protocol_address/:order_hash" },
  { method: "GET", path: "/api/v2/listings/collection/:slug/nfts/:identifier/best" },
  { method: "GET", path: "/api/v2/offers/collection/:slug/nfts/:identifier/best" },
  { method: "POST", path: "/api/v2/listings/fulfillment_data" },
  { method: "POST", path: "/api/v2/offers/fulfillment_data" },
  { method: "POST", path: "/api/v2/orders/:chain/:protocol/listings" },
  { method: "POST", path: "/api/v2/orders/:chain/:protocol/offers" },
  { method: "POST", path: "/api/v2/offers" },
  { method: "POST", path: "/api/v2/offers/build" },
  { method: "POST", path: "/api/v2/orders/chain/:chain/protocol/:protocol_address/:order_hash/cancel" },
  { method: "GET", path: "/api/v2/drops" },
  { method: "GET", path: "/api/v2/drops/:slug" },
  { method: "POST", path: "/api/v2/drops/:slug/mint" },
]

/** What of OpenSea's answers reaches the page besides its body and type: its rate limit, so the page can pace. */
export const OPENSEA_RESPONSE_HEADERS: ReadonlyArray<string> = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "retry-after",
]
