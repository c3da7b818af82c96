// A user-written plugin: a guard refusing buys above a spend limit, and an analytics observer.
import * as Effect from "effect/Effect"
import { createClient, definePlugin, mainnet, PluginRejectedError, quotesOf } from "../src/index.js"

/** Refuses any buy whose total, in any currency, is above `limit` (in the currency's smallest unit). */
export const spendLimit = (limit: bigint) =>
  definePlugin({
    name: "spend-limit",
    guard: (response, context) => {
      const over = context.action === "buy" ? quotesOf(response).find((quote) => quote.raw > limit) : undefined
      return over === undefined
        ? Effect.void
        : Effect.fail(
            new PluginRejectedError({ plugin: "spend-limit", message: `Spend limit exceeded: ${over.raw} > ${limit}` }),
          )
    },
  })

/** Counts how actions end; an observer can never fail the action. */
export const analytics = (send: (name: string) => void) =>
  definePlugin({
    name: "analytics",
    observe: {
      onComplete: (event) => Effect.sync(() => send(`${event.context.action}:ok`)),
      onError: (event) => Effect.sync(() => send(`${event.context.action}:${event.error._tag}`)),
    },
  })

/** Plugins are set per client, and can be added or replaced (by name) per call. */
export const client = createClient({
  chains: [{ ...mainnet, active: true }],
  plugins: [spendLimit(10n ** 18n), analytics((name) => void name)],
})
