import * as Effect from "effect/Effect"
import type { PluginRejectedError, PriceMismatchError } from "../../errors/index.js"
import type { Guard } from "../../pipeline/executeSteps.js"
import type { Plugin, PluginContext, PluginServices } from "../../plugins/Plugin.js"

/** The guard errors of the built-in and user plugins. */
export type GuardError = PluginRejectedError | PriceMismatchError

/**
 * The guards of `plugins` for one run, bound to its context (the action, the chain, the expected price): what an
 * action runs on the API's first answer, and a resume on the API's new one.
 * @internal
 */
export const guardsOf = (
  plugins: ReadonlyArray<Plugin>,
  context: PluginContext,
): Effect.Effect<ReadonlyArray<Guard<GuardError>>, never, PluginServices> =>
  Effect.map(Effect.context<PluginServices>(), (services) =>
    plugins.flatMap((plugin): ReadonlyArray<Guard<GuardError>> => {
      const guard = plugin.guard
      return guard === undefined ? [] : [(response) => Effect.provide(guard(response, context), services)]
    }),
  )
