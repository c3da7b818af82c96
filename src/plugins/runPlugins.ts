import * as Effect from "effect/Effect"
import { PRICE_CHECK, PriceChecker } from "../capabilities/PriceChecker.js"
import { CapabilityMissingError } from "../errors/CapabilityMissingError.js"
import type { Plugin } from "./Plugin.js"
import { mergePlugins, Plugins } from "./Plugins.js"

/**
 * The plugins of one run: the client's, its price check when it has one, then the caller's `extra`. An
 * `expectedPrice` that no plugin would check is refused with a CapabilityMissingError naming `priceCheck`, before
 * any request: it is never left unchecked.
 * @internal
 */
export const runPlugins = (
  extra: ReadonlyArray<Plugin> | undefined,
  expectedPrice: unknown,
): Effect.Effect<ReadonlyArray<Plugin>, CapabilityMissingError> =>
  Effect.gen(function* () {
    const priceCheck = yield* PriceChecker
    const plugins = mergePlugins(mergePlugins(yield* Plugins, priceCheck && [priceCheck]), extra)
    if (expectedPrice !== undefined && !plugins.some((plugin) => plugin.name === PRICE_CHECK))
      return yield* CapabilityMissingError.of("priceCheck", "An expectedPrice")
    return plugins
  })
