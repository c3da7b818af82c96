import * as Effect from "effect/Effect"
import { ApiClient } from "../services/ApiClient.js"
import { type ActionErrorEvent, definePlugin } from "./Plugin.js"

/** The `token` (`contract:tokenId`) of every item of a buy or sell body. */
const tokensOf = (body: Readonly<Record<string, unknown>>): ReadonlyArray<string> =>
  (Array.isArray(body.items) ? (body.items as ReadonlyArray<unknown>) : []).flatMap((item) => {
    const token = typeof item === "object" && item !== null ? (item as { token?: unknown }).token : undefined
    return typeof token === "string" && token !== "" ? [token] : []
  })

/**
 * The liquidity refresh plugin (observer): after an APIError on buy or sell, asks the API to refresh the
 * liquidity of each item's token (`POST /tokens/refresh/v1 { token, liquidityOnly: true }`). The requests are
 * fire-and-forget: the action's failure is reported at once, and their own outcome is ignored.
 */
export const liquidityRefreshPlugin = definePlugin({
  name: "liquidity-refresh",
  observe: {
    onError: (event: ActionErrorEvent) =>
      Effect.gen(function* () {
        const { action, chain } = event.context
        if ((action !== "buy" && action !== "sell") || event.error._tag !== "APIError") return
        const api = yield* ApiClient
        for (const token of tokensOf(event.body)) {
          yield* api
            .request({ baseApiUrl: chain.baseApiUrl, path: "/tokens/refresh/v1", method: "POST", body: { token, liquidityOnly: true } })
            .pipe(Effect.ignore, Effect.forkDaemon)
        }
      }),
  },
})
