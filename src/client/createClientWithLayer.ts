import type * as Layer from "effect/Layer"
import { allCapabilities } from "../capabilities/allCapabilities.js"
import type { HttpTransport } from "../services/HttpTransport.js"
import { makeFacadeClient } from "./makeFacadeClient.js"
import type { ReservoirClient, ReservoirClientOptions } from "./ReservoirClient.js"

/**
 * `createClient` over any HttpTransport layer: the fake API of `tradekit/testing`, a proxy, a recorder.
 * Meant for tests of the facade; apps call `createClient`.
 * @internal
 */
export const createClientWithLayer = (
  options: ReservoirClientOptions,
  http: Layer.Layer<HttpTransport>,
): ReservoirClient => makeFacadeClient(options, http, allCapabilities)
