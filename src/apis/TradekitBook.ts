import type * as Layer from "effect/Layer"
import type { ClientConfig } from "../services/ClientConfig.js"
import type { HttpTransport } from "../services/HttpTransport.js"
import type { OrderBook } from "../services/OrderBook.js"

/**
 * An order book other than the Reservoir protocol, for the `book` option of a client (`openSea({ ... })`): the
 * OrderBook service the executor asks for plans, posts and statuses, built over the client's HttpTransport.
 */
export interface TradekitBook {
  /** The book's name, e.g. `"opensea"`. */
  readonly name: string
  /** The book, its requests over `transport` (the platform's `fetch` by default). */
  readonly layer: (transport: Layer.Layer<HttpTransport>) => Layer.Layer<OrderBook, never, ClientConfig>
}

/** @deprecated Renamed `TradekitBook` (it is an order book, not an API); this name goes in the next minor version. */
export type TradekitApi = TradekitBook
