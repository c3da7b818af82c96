import type * as Effect from "effect/Effect"
import type { PaymasterService } from "../../chains/ChainConfig.js"
import type { ExecutionSnapshot } from "../../pipeline/ExecutionSnapshot.js"
import type { Plugin } from "../../plugins/Plugin.js"

/** Parameters every action takes. */
export interface CommonActionParameters {
  /** The chain to trade on; the client's active chain when absent. */
  readonly chainId?: number | undefined
  /** Plugins for this call only: each replaces the client's plugin of the same name, or is added. */
  readonly plugins?: ReadonlyArray<Plugin> | undefined
  /** Called with every new snapshot of the execution (and once with the steps of a precheck). */
  readonly onProgress?: ((snapshot: ExecutionSnapshot) => Effect.Effect<void>) | undefined
  /**
   * The ERC-7677 paymaster service to sponsor this call's gas with, instead of the chain's `paymasterService`;
   * `false` for none (the user pays, even on a chain that names a service).
   */
  readonly paymasterService?: PaymasterService | false | undefined
}

/** An API object passed through as it is: items, listings, bids and options carry many optional fields. */
export type ApiObject = Readonly<Record<string, unknown>>
