/**
 * `POST /execute/results/v1` and `POST /tokens/refresh/v1`: recorded, never acted upon (the devnet's state
 * comes from the chain). `GET /__devnet/records` shows them.
 */
import type { Route } from "../http.js"
import { object } from "../validate.js"

export const resultsRoute: Route = {
  method: "POST",
  pattern: "/execute/results/v1",
  handler: async (ctx, req) => {
    ctx.records.results.push({ at: Date.now(), chainId: req.chain.chainId, body: object(req.body) })
    return { message: "Request accepted" }
  },
}

export const refreshRoute: Route = {
  method: "POST",
  pattern: "/tokens/refresh/v1",
  handler: async (ctx, req) => {
    ctx.records.refreshes.push({ at: Date.now(), chainId: req.chain.chainId, body: object(req.body) })
    return { message: "Request to refresh token was accepted" }
  },
}

export const recordsRoute: Route = {
  method: "GET",
  pattern: "/__devnet/records",
  handler: async (ctx) => ctx.records.snapshot(),
}
