import * as Context from "effect/Context"
import type { Plugin } from "../plugins/Plugin.js"

/** The name of the price check plugin: a client runs a price check when one of its plugins has it. */
export const PRICE_CHECK = "price-check"

/**
 * The price check, when the client has it (the `priceCheck` capability): a guard plugin that holds a buy, mint or
 * sell to its `expectedPrice`. None by default: a client made without it refuses an `expectedPrice`
 * (CapabilityMissingError) rather than leave it unchecked.
 */
export class PriceChecker extends Context.Reference<Plugin | undefined>("tradekit/PriceChecker", {
  defaultValue: () => undefined,
}) {}
