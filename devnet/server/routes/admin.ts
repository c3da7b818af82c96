/**
 * `GET|POST /__devnet/faults`: read or set the HTTP faults (`{seed?, endpoints?}`) and act on the chains
 * (`{chain: {chainId, automine?, intervalMining?, mine?, drop?, replace?}}`); `{reset: true}` clears the
 * HTTP faults. `GET /__devnet/state`: heads, order book and intents at a glance.
 */
import type { Hex } from "viem"
import type { EndpointFault } from "../../faults.js"
import { badRequest, type Route } from "../http.js"
import { amount, boolean, hex, object, type Json } from "../validate.js"

export const getFaultsRoute: Route = {
  method: "GET",
  pattern: "/__devnet/faults",
  handler: async (ctx) => ctx.faults.config(),
}

export const postFaultsRoute: Route = {
  method: "POST",
  pattern: "/__devnet/faults",
  handler: async (ctx, req) => {
    const body = object(req.body)
    if (boolean(body.reset, "reset", false)) ctx.faults.reset(body.seed === undefined ? undefined : Number(amount(body.seed, "seed")))
    if (body.endpoints !== undefined || body.seed !== undefined) {
      ctx.faults.configure({
        ...(body.seed !== undefined ? { seed: Number(amount(body.seed, "seed")) } : {}),
        ...(body.endpoints !== undefined ? { endpoints: object(body.endpoints, "endpoints") as Record<string, EndpointFault> } : {}),
      })
    }
    let replacedBy: Hex | undefined
    if (body.chain !== undefined) {
      const c: Json = object(body.chain, "chain")
      const chainId = Number(amount(c.chainId, "chain.chainId"))
      if (!ctx.chains.has(chainId)) throw badRequest(`chain.chainId ${chainId} is not a devnet chain`)
      if (c.automine !== undefined) await ctx.faults.setAutomine(chainId, boolean(c.automine, "chain.automine", true))
      if (c.intervalMining !== undefined) await ctx.faults.setIntervalMining(chainId, Number(amount(c.intervalMining, "chain.intervalMining")))
      if (c.drop !== undefined) await ctx.faults.dropTransaction(chainId, hex(c.drop, "chain.drop"))
      if (c.replace !== undefined) replacedBy = await ctx.faults.replaceTransaction(chainId, hex(c.replace, "chain.replace"))
      if (c.mine !== undefined) await ctx.faults.mine(chainId, Number(amount(c.mine, "chain.mine")))
    }
    return { ...ctx.faults.config(), ...(replacedBy !== undefined ? { replacedBy } : {}) }
  },
}

export const stateRoute: Route = {
  method: "GET",
  pattern: "/__devnet/state",
  handler: async (ctx) => ({
    heads: Object.fromEntries([...ctx.chains.keys()].map((id) => [id, Number(ctx.indexer.head(id))])),
    orders: ctx.book.all().map((o) => ({ id: o.id, side: o.side, status: o.status, maker: o.order.maker, criteria: o.criteria.kind, price: o.order.price })),
    intents: ctx.intents.all().map((i) => ({ requestId: i.requestId, status: i.status, fillTxHashes: i.fillTxHashes, details: i.details })),
  }),
}
