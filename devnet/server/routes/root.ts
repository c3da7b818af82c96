/**
 * `GET /` (and `GET /chains/{chainId}/`): the running devnet as {@link DevnetInfo}, seen from the chain asked, so
 * an app can find its API, RPC and websocket URLs, contracts and accounts from one known URL. Not in the request
 * log: finding the devnet is not an API call the benchmarks count.
 */
import type { DevnetInfo } from "../../info.js"
import { HttpError, type Route } from "../http.js"

/**
 * The root route. `info` is asked per request because the answer holds the server's own URLs, known only once
 * it listens; until then it gives undefined and the route answers 503.
 */
export const rootRoute = (info: (chainId: number) => DevnetInfo | undefined): Route => ({
  method: "GET",
  pattern: "/",
  handler: async (_ctx, req) => {
    const answer = info(req.chain.chainId)
    if (answer === undefined) throw new HttpError(503, "The devnet is still starting")
    return answer
  },
})
