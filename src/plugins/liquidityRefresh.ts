import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { BackgroundTasks } from "../services/BackgroundTasks.js"
import { OrderBook } from "../services/OrderBook.js"
import { type ActionErrorEvent, definePlugin } from "./Plugin.js"

/** The `token` (`contract:tokenId`) of every item of a buy or sell body. */
const tokensOf = (body: Readonly<Record<string, unknown>>): ReadonlyArray<string> =>
  (Array.isArray(body.items) ? (body.items as ReadonlyArray<unknown>) : []).flatMap((item) => {
    const token = typeof item === "object" && item !== null ? (item as { token?: unknown }).token : undefined
    return typeof token === "string" && token !== "" ? [token] : []
  })

/** How long a refresh may take; it is best-effort, so one that hangs is dropped rather than kept open. */
const REFRESH_TIME_LIMIT = Duration.seconds(10)

/**
 * The liquidity refresh plugin (observer): after an APIError on buy or sell, asks the order book to refresh the
 * liquidity of each item's token (the Reservoir book: `POST /tokens/refresh/v1 { token, liquidityOnly: true }`;
 * a book that keeps no liquidity is not asked). The requests are
 * fire-and-forget: the action's failure is reported at once, and their own outcome is ignored. They run on
 * the `BackgroundTasks` of the client, so disposing the client interrupts the ones in flight.
 */
export const liquidityRefreshPlugin = definePlugin({
  name: "liquidity-refresh",
  observe: {
    onError: (event: ActionErrorEvent) =>
      Effect.gen(function* () {
        const { action, chain } = event.context
        if ((action !== "buy" && action !== "sell") || event.error._tag !== "APIError") return
        const ask = Result.getOrUndefined((yield* OrderBook).forChain(chain))?.refresh
        if (ask === undefined) return
        const tasks = yield* Effect.serviceOption(BackgroundTasks)
        for (const token of tokensOf(event.body)) {
          const refresh = ask(token).pipe(Effect.timeout(REFRESH_TIME_LIMIT), Effect.ignore)
          yield* Option.isSome(tasks)
            ? tasks.value.run(refresh)
            : Effect.forkDetach(refresh, { startImmediately: true })
        }
      }),
  },
})
