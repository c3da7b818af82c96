import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import type {
  ExecutionError,
  MissingChainConfigurationError,
  PluginRejectedError,
  PriceMismatchError,
  TradekitError,
} from "../../errors/index.js"
import type { ExecuteRequest } from "../../pipeline/ExecutionContext.js"
import type { ExecutionSnapshot } from "../../pipeline/ExecutionSnapshot.js"
import { atConfiguredLogLevel } from "../../pipeline/atConfiguredLogLevel.js"
import { executeSteps, type Guard } from "../../pipeline/executeSteps.js"
import { fetchSteps } from "../../pipeline/fetchSteps.js"
import type { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import { ApiClient } from "../../services/ApiClient.js"
import { ClientConfig } from "../../services/ClientConfig.js"
import { DEFAULT_RETRY_POLICY } from "../../services/RetryPolicy.js"
import type { Wallet } from "../../services/Wallet.js"
import type { ExpectedPrices } from "../../plugins/ExpectedPrice.js"
import type { ActionName } from "../../schema/ActionName.js"
import type { Plugin, PluginContext, PluginServices, RequestBody } from "../../plugins/Plugin.js"
import { mergePlugins, Plugins } from "../../plugins/Plugins.js"
import { compact } from "./compact.js"

/** How an action runs once its input is valid and its body built. */
export interface RunActionOptions {
  readonly action: ActionName
  readonly path: string
  /** The chain whose API runs the action. */
  readonly chain: ChainConfig
  readonly body: RequestBody
  readonly precheck: boolean
  readonly plugins?: ReadonlyArray<Plugin>
  readonly expectedPrice?: ExpectedPrices
  readonly gas?: bigint | string
  readonly onProgress?: (snapshot: ExecutionSnapshot) => Effect.Effect<void>
}

/** How an action ended: the executed snapshot, or the fetched answer of a precheck. */
export type RunActionResult =
  | { readonly _tag: "Executed"; readonly snapshot: ExecutionSnapshot }
  | { readonly _tag: "Prechecked"; readonly response: ExecuteResponse; readonly request: ExecuteRequest }

/** Runs every observer hook of `kind`; a failing observer is logged and dropped, never failing the action. */
const observe = <K extends "onComplete" | "onError">(
  plugins: ReadonlyArray<Plugin>,
  kind: K,
  event: Parameters<NonNullable<NonNullable<Plugin["observe"]>[K]>>[0],
): Effect.Effect<void, never, PluginServices> =>
  Effect.forEach(
    plugins,
    (plugin) => {
      const hook = plugin.observe?.[kind] as ((e: typeof event) => Effect.Effect<void, unknown, PluginServices>) | undefined
      return hook === undefined
        ? Effect.void
        : Effect.suspend(() => hook(event)).pipe(
            Effect.catchCause((cause) =>
              Cause.hasInterruptsOnly(cause)
                ? Effect.void
                : Effect.logWarning(`tradekit: the ${kind} observer of plugin "${plugin.name}" failed`, cause),
            ),
          )
    },
    { discard: true },
  )

/**
 * The part every action shares: applies the request transforms, then fetches the steps (precheck) or executes
 * them with the guards, and tells the observers how it ended. Internal to the actions.
 * @internal
 */
export const runAction = (
  options: RunActionOptions,
): Effect.Effect<
  RunActionResult,
  ExecutionError | MissingChainConfigurationError | PluginRejectedError,
  ApiClient | Wallet | ClientConfig
> =>
  Effect.gen(function* () {
    const config = yield* ClientConfig
    const api = yield* ApiClient
    const services = yield* Effect.context<PluginServices>()
    const plugins = mergePlugins(yield* Plugins, options.plugins)
    const context: PluginContext = {
      action: options.action,
      path: options.path,
      chain: options.chain,
      settings: config.settings,
      precheck: options.precheck,
      ...(options.expectedPrice !== undefined ? { expectedPrice: options.expectedPrice } : {}),
    }

    let body = options.body
    for (const plugin of plugins) {
      if (plugin.transformRequest !== undefined) body = yield* plugin.transformRequest(body, context)
    }
    body = compact(body)
    const request: ExecuteRequest = { action: options.action, path: options.path, body }
    const last = yield* Ref.make(Option.none<ExecutionSnapshot>())

    const run: Effect.Effect<
      RunActionResult,
      ExecutionError | MissingChainConfigurationError | PluginRejectedError,
      ApiClient | Wallet
    > = options.precheck
      ? Effect.map(
          // Nothing is signed or sent by a precheck: a transient failure or a malformed answer is retried.
          fetchSteps(api, options.chain.baseApiUrl, request, { retry: config.settings.retry ?? DEFAULT_RETRY_POLICY }),
          (response) => ({ _tag: "Prechecked", response, request }) as const,
        )
      : executeSteps<PluginRejectedError | PriceMismatchError>({
          request,
          chainId: options.chain.id,
          ...(options.gas !== undefined ? { gas: options.gas } : {}),
          guards: plugins.flatMap((plugin): ReadonlyArray<Guard<PluginRejectedError | PriceMismatchError>> => {
            const guard = plugin.guard
            return guard === undefined ? [] : [(response) => Effect.provide(guard(response, context), services)]
          }),
          onProgress: (snapshot) =>
            Effect.andThen(Ref.set(last, Option.some(snapshot)), options.onProgress?.(snapshot) ?? Effect.void),
        }).pipe(
          Effect.provideService(ClientConfig, config),
          Effect.map((snapshot) => ({ _tag: "Executed", snapshot }) as const),
        )

    return yield* run.pipe(
      Effect.tap((result) =>
        observe(plugins, "onComplete", {
          _tag: "ActionComplete",
          context,
          body,
          result: result._tag === "Executed" ? result.snapshot : result.response,
        }),
      ),
      Effect.tapError((error) =>
        Effect.flatMap(Ref.get(last), (snapshot) =>
          observe(plugins, "onError", {
            _tag: "ActionError",
            context,
            body,
            error: error as TradekitError,
            ...(Option.isSome(snapshot) ? { snapshot: snapshot.value } : {}),
          }),
        ),
      ),
    )
  }).pipe(atConfiguredLogLevel, Effect.withSpan(`tradekit.runAction`))
