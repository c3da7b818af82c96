import * as Schema from "effect/Schema"

/**
 * The name of one of tradekit's eight actions, the one name every layer uses for it: the Effect actions, the
 * execute request and its stored snapshot, the plugin context, the executor. The Promise facade's methods
 * have names of their own (`buyToken`, `acceptOffer`, ...): see `FacadeActionName`.
 *
 * @example
 * Schema.is(ActionName)("sell") // true
 */
export const ActionName = Schema.Literals(["buy", "sell", "mint", "list", "bid", "cancel", "transfer", "call"])

/**
 * The name of one of tradekit's eight actions: `"buy"`, `"sell"`, `"mint"`, `"list"`, `"bid"`, `"cancel"`, `"transfer"`
 * or `"call"`.
 */
export type ActionName = typeof ActionName.Type
