import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { feesPlugin } from "./fees.js"
import { liquidityRefreshPlugin } from "./liquidityRefresh.js"
import type { Plugin } from "./Plugin.js"

/**
 * The built-in plugins every client starts with: fees and liquidity refresh. (The price check comes with the
 * `priceCheck` capability.)
 */
export const defaultPlugins: ReadonlyArray<Plugin> = [feesPlugin, liquidityRefreshPlugin]

/**
 * `base` with `extra` added: a plugin of `extra` replaces the one of `base` with the same name, in its place;
 * the others are appended in order.
 */
export const mergePlugins = (
  base: ReadonlyArray<Plugin>,
  extra: ReadonlyArray<Plugin> | undefined,
): ReadonlyArray<Plugin> => {
  if (extra === undefined || extra.length === 0) return base
  const byName = new Map(extra.map((plugin) => [plugin.name, plugin]))
  const replaced = base.map((plugin) => byName.get(plugin.name) ?? plugin)
  const added = extra.filter((plugin) => !base.some((existing) => existing.name === plugin.name))
  return [...replaced, ...added]
}

/**
 * The plugins of a client, in the order they run. Defaults to {@link defaultPlugins}; provide
 * `Plugins.layer(...)` to change them for every action, or pass `plugins` to one action.
 *
 * @example
 * program.pipe(Effect.provide(Plugins.layer([...defaultPlugins, spendLimit])))
 */
export class Plugins extends Context.Reference<ReadonlyArray<Plugin>>("tradekit/Plugins", {
  defaultValue: () => defaultPlugins,
}) {
  /** A layer setting the plugins to `plugins`. */
  static layer(plugins: ReadonlyArray<Plugin>): Layer.Layer<never> {
    return Layer.succeed(Plugins, plugins)
  }
}
