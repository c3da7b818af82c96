import type * as Layer from "effect/Layer"
import type { ClientConfig } from "../services/ClientConfig.js"
import type { HttpTransport } from "../services/HttpTransport.js"

/**
 * An order-book API other than the Reservoir protocol, for the `api` option of a client: a layer under the
 * executor that answers the Reservoir protocol's requests from that API, so the executor never asks which API
 * planned its steps.
 */
export interface TradekitApi {
  /** The API's name, e.g. `"opensea"`. */
  readonly name: string
  /** The HttpTransport the client's API requests go through, built over `transport` (the platform's `fetch` by default). */
  readonly http: (transport: Layer.Layer<HttpTransport>) => Layer.Layer<HttpTransport, never, ClientConfig>
}
