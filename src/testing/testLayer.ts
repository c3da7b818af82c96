import * as Layer from "effect/Layer"
import { ApiClient } from "../apis/reservoir/ApiClient.js"
import { reservoirBookLayer } from "../apis/reservoir/reservoirBook.js"
import type { Capability } from "../capabilities/Capability.js"
import { capabilitiesLayer, withCapabilityDefaults } from "../capabilities/capabilitiesLayer.js"
import { executorCapabilities } from "../capabilities/executorCapabilities.js"
import { ClientConfig, type ClientOptions } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import type { Wallet } from "../services/Wallet.js"
import type { FakeApi } from "./FakeApi.js"
import type { FakeWallet } from "./FakeWallet.js"

/** A chain for tests, served by the fake API at `https://api.test`. */
export const TEST_CHAIN = { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true } as const

/**
 * Everything an action needs, over the fakes: the configuration (one test chain unless `options.chains`
 * says otherwise), the Reservoir order book and its ApiClient over the fake API, the fake wallet, and every
 * capability unless `capabilities` names fewer. Transient failures are not retried unless `options.retry` asks for
 * it, so a scripted 5xx answer fails at once instead of waiting on the clock.
 *
 * @example
 * it.effect("buys", () => buy(params).pipe(Effect.provide(testLayer({ api, wallet }))))
 */
export const testLayer = (args: {
  readonly api: FakeApi
  readonly wallet: FakeWallet
  readonly options?: ClientOptions
  readonly capabilities?: ReadonlyArray<Capability>
}): Layer.Layer<ApiClient | OrderBook | Wallet | ClientConfig> => {
  const capabilities = args.capabilities ?? executorCapabilities
  const config = ClientConfig.layer(
    withCapabilityDefaults({ chains: [TEST_CHAIN], retry: NO_RETRY, ...args.options }, capabilities),
  )
  const api = ApiClient.layer.pipe(Layer.provide(Layer.merge(args.api.layer, config)))
  return Layer.mergeAll(
    config,
    api,
    reservoirBookLayer.pipe(Layer.provide(api)),
    args.wallet.layer,
    capabilitiesLayer(capabilities),
  )
}
