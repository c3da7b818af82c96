import type { TradekitBook } from "./apis/TradekitBook.js"
import type { Capability, CapabilityOptions } from "./capabilities/Capability.js"
import type { Plugin } from "./plugins/Plugin.js"
import type { ClientOptions } from "./services/ClientConfig.js"

/** The options of a tradekit client: reservoir-sdk 2.0.x's, plus the plugins every action of the client runs. */
export interface TradekitOptions extends ClientOptions, CapabilityOptions {
  /** Added to the built-in plugins; one with a built-in's name replaces it. */
  readonly plugins?: ReadonlyArray<Plugin> | undefined
  /** The order book: the Reservoir protocol at each chain's `baseApiUrl` by default, or e.g. `openSea({ apiKey })`. */
  readonly book?: TradekitBook | undefined
  /** @deprecated Renamed `book`; taken when `book` is absent, until the next minor version. */
  readonly api?: TradekitBook | undefined
  /**
   * The optional parts of the executor the client has: every one from `tradekit` (`allCapabilities`;
   * `executorCapabilities` for the Effect API), none from `tradekit/lite` unless named here (`[statusSocket,
   * simulation]`). A client without one refuses what needs it with a CapabilityMissingError that names it;
   * `simulate` and `batchTransactions` default to whether it has them.
   */
  readonly capabilities?: ReadonlyArray<Capability> | undefined
}
