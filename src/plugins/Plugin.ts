import type * as Effect from "effect/Effect"
import type { ChainConfig } from "../chains/ChainConfig.js"
import type { PluginRejectedError, PriceMismatchError, TradekitError } from "../errors/index.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { ActionName } from "../schema/ActionName.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { ClientConfig, ResolvedClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { ExpectedPrices } from "./ExpectedPrice.js"

/** An execute request's JSON body. */
export type RequestBody = Readonly<Record<string, unknown>>

/** The services a plugin's hooks may use: the API of the client and its configuration. */
export type PluginServices = OrderBook | ClientConfig

/** What a plugin hook knows about the action it runs for. */
export interface PluginContext {
  readonly action: ActionName
  /** The chain whose API runs the action (for `call`, the destination chain). */
  readonly chain: ChainConfig
  readonly settings: ResolvedClientConfig["settings"]
  /** True when the action only fetches the steps (`precheck`). */
  readonly precheck: boolean
  /** The caller's expected prices (buy, sell, mint), for guards such as the price check. */
  readonly expectedPrice?: ExpectedPrices
}

/** An action ended well: `result` is the final snapshot, or the fetched answer for a precheck. */
export interface ActionCompleteEvent {
  readonly _tag: "ActionComplete"
  readonly context: PluginContext
  readonly body: RequestBody
  readonly result: ExecutionSnapshot | ExecuteResponse
}

/** An action failed after its request was built: `snapshot` is its last state when it had fetched steps. */
export interface ActionErrorEvent {
  readonly _tag: "ActionError"
  readonly context: PluginContext
  readonly body: RequestBody
  readonly error: TradekitError
  readonly snapshot?: ExecutionSnapshot
}

/** Observers: told how each action ended. They never fail the action; their failures are logged and dropped. */
export interface PluginObserver {
  readonly onComplete?: (event: ActionCompleteEvent) => Effect.Effect<void, unknown, PluginServices>
  readonly onError?: (event: ActionErrorEvent) => Effect.Effect<void, unknown, PluginServices>
}

/**
 * A plugin: any of a request transform (may change the execute body), a guard (runs once on the API's answer
 * before anything is signed or sent, and may refuse the action), and observers. Plugins are identified by
 * `name`: a plugin given per call replaces the client's plugin of the same name.
 *
 * @example
 * const spendLimit = definePlugin({
 *   name: "spend-limit",
 *   guard: (response, ctx) => ctx.action === "buy" && totalOf(response) > limit
 *     ? Effect.fail(new PluginRejectedError({ plugin: "spend-limit", message: "Over the spend limit" }))
 *     : Effect.void,
 * })
 */
export interface Plugin {
  readonly name: string
  readonly transformRequest?: (
    body: RequestBody,
    context: PluginContext,
  ) => Effect.Effect<RequestBody, PluginRejectedError, PluginServices>
  readonly guard?: (
    response: ExecuteResponse,
    context: PluginContext,
  ) => Effect.Effect<void, PluginRejectedError | PriceMismatchError, PluginServices>
  readonly observe?: PluginObserver
}

/** Declares a plugin; the identity function, for inference and readability. */
export const definePlugin = (plugin: Plugin): Plugin => plugin
