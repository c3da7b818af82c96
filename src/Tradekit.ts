import * as Layer from "effect/Layer"
import * as Socket from "effect/socket/Socket"
import { ApiClient } from "./apis/reservoir/ApiClient.js"
import { reservoirBookLayer } from "./apis/reservoir/reservoirBook.js"
import type { TradekitBook } from "./apis/TradekitBook.js"
import type { Plugin } from "./plugins/Plugin.js"
import { defaultPlugins, mergePlugins, Plugins } from "./plugins/Plugins.js"
import { BackgroundTasks } from "./services/BackgroundTasks.js"
import { ClientConfig, type ClientOptions } from "./services/ClientConfig.js"
import { HttpTransport } from "./services/HttpTransport.js"
import type { OrderBook } from "./services/OrderBook.js"
import { SendLocks } from "./services/SendLocks.js"

/** The options of a tradekit client: reservoir-sdk 2.0.x's, plus the plugins every action of the client runs. */
export interface TradekitOptions extends ClientOptions {
  /** Added to the built-in plugins; one with a built-in's name replaces it. */
  readonly plugins?: ReadonlyArray<Plugin> | undefined
  /**
   * Builds the sockets of chains with a `websocketUrl` (status pushed instead of waiting for the next poll).
   * The global `WebSocket` when absent; on Node 20, which has none, pass one from the `ws` package:
   * `(url, protocols, options) => new WebSocket(url, protocols, options)`. Without either, status is polled
   * only. `options.headers`, when given, are the API key and headers of a socket on the API's origin, for the
   * handshake (a browser's `WebSocket` cannot send them).
   */
  readonly webSocketConstructor?:
    | ((
        url: string,
        protocols?: string | Array<string>,
        options?: { readonly headers: Readonly<Record<string, string>> },
      ) => globalThis.WebSocket)
    | undefined
  /** The order book: the Reservoir protocol at each chain's `baseApiUrl` by default, or e.g. `openSea({ apiKey })`. */
  readonly book?: TradekitBook | undefined
  /** @deprecated Renamed `book`; taken when `book` is absent, until the next minor version. */
  readonly api?: TradekitBook | undefined
}

/**
 * The services a client layer provides: everything an action needs but the Wallet, plus the locks that keep
 * its executions from racing for an account's nonce and the tasks its release interrupts. The layer also sets
 * the `Plugins` reference, which (a reference with a default) is no requirement of its own.
 */
export type TradekitServices = ClientConfig | ApiClient | OrderBook | SendLocks | BackgroundTasks

/**
 * The single entry of the Effect API: `Tradekit.layer(options)` provides the configuration, the ApiClient over
 * `fetch` and the plugins; add a wallet with `walletLayer(walletClient)`. tradekit logs at `logLevel` (none by
 * default) inside its own actions only, so the program's own logging stays as it was. Each layer built has its
 * own send locks: the actions run under one build send one transaction at a time per account, and releasing
 * it interrupts the background requests (liquidity refreshes) still in flight.
 *
 * @example
 * const program = buy({ items: [{ token: `${nft}:42` }] })
 * program.pipe(Effect.provide(Tradekit.layer({ chains: [mainnet] })), Effect.provide(walletLayer(walletClient)))
 */
export const Tradekit = {
  /** The client's services over the platform's `fetch`. */
  layer: (options: TradekitOptions): Layer.Layer<TradekitServices> =>
    Tradekit.layerWith(options, HttpTransport.layerFetch()),
  /**
   * The client's services over any HttpTransport: `fetch` of your own (`HttpTransport.layerFetch(fetch)`), an
   * effect/http HttpClient (`httpClientTransport`), the fake API of `tradekit/testing`.
   */
  layerWith: (options: TradekitOptions, http: Layer.Layer<HttpTransport>): Layer.Layer<TradekitServices> => {
    const { plugins, webSocketConstructor, book: chosen, api, ...clientOptions } = options
    const bookOption = chosen ?? api
    const config = ClientConfig.layer(clientOptions)
    // Effect 4 memoizes a layer object across every `provide` of a program: the shared static layers are
    // built fresh, so that each build of this layer has its own ApiClient, send locks and tasks.
    const apiClient = Layer.fresh(ApiClient.layer).pipe(Layer.provide(Layer.merge(http, config)))
    const book =
      bookOption === undefined
        ? Layer.fresh(reservoirBookLayer).pipe(Layer.provide(apiClient))
        : bookOption.layer(http).pipe(Layer.provide(config))
    return Layer.mergeAll(
      config,
      apiClient,
      book,
      Plugins.layer(mergePlugins(defaultPlugins, plugins)),
      Layer.fresh(SendLocks.layer),
      Layer.fresh(BackgroundTasks.layer),
      // Read with serviceOption by the executor, so it is not part of TradekitServices.
      webSocketConstructor === undefined
        ? Layer.empty
        : Layer.succeed(Socket.WebSocketConstructor, (url, options) =>
            typeof options === "string" || Array.isArray(options)
              ? webSocketConstructor(url, options)
              : webSocketConstructor(
                  url,
                  options?.protocols,
                  options?.headers === undefined ? undefined : { headers: options.headers },
                ),
          ),
    )
  },
}
