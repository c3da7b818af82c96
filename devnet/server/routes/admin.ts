/**
 * `GET|POST /__devnet/faults`: read or set the HTTP faults (`{seed?, endpoints?}`) and act on the chains
 * (`{chain: {chainId, automine?, intervalMining?, mine?, drop?, replace?}}`); `{reset: true}` clears the
 * HTTP faults. `GET /__devnet/state`: heads, order book and intents at a glance.
 */
import type { Hex } from "viem"
import type { EndpointFault } from "../../faults.js"
import { badRequest, type Route } from "../http.js"
import { amount, array, boolean, type Json, object } from "../validate.js"

/** Most blocks one `mine` may ask for: anvil mines them all before it answers anything else. */
const MAX_MINED_BLOCKS = 10_000

const rate = (value: unknown, name: string): number | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "number" || !(value >= 0 && value <= 1)) throw badRequest(`${name} must be a number from 0 to 1`)
  return value
}

const count = (value: unknown, name: string): number | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    throw badRequest(`${name} must be a non-negative integer`)
  return value
}

const httpStatus = (value: unknown, name: string): number => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 100 || value > 599)
    throw badRequest(`${name} must be an HTTP status (100–599)`)
  return value
}

/** One endpoint's faults, refused when the server could not act on them (a status it cannot send, a rate above 1). */
function endpointFault(value: unknown, name: string): EndpointFault {
  const f = object(value, name)
  const rateLimit = f.rateLimit === undefined ? undefined : object(f.rateLimit, `${name}.rateLimit`)
  const limit = rateLimit === undefined ? undefined : count(rateLimit.limit, `${name}.rateLimit.limit`)
  const windowMs = rateLimit === undefined ? undefined : count(rateLimit.windowMs, `${name}.rateLimit.windowMs`)
  if (rateLimit !== undefined && (limit === undefined || windowMs === undefined))
    throw badRequest(`${name}.rateLimit needs a limit and a windowMs`)
  const retryAfterSeconds =
    rateLimit === undefined ? undefined : count(rateLimit.retryAfterSeconds, `${name}.rateLimit.retryAfterSeconds`)
  // Every field as read, undefined when absent; only the defined ones are kept.
  const fields: { readonly [K in keyof EndpointFault]: EndpointFault[K] | undefined } = {
    latencyMs: count(f.latencyMs, `${name}.latencyMs`),
    errorRate: rate(f.errorRate, `${name}.errorRate`),
    errorStatus: f.errorStatus === undefined ? undefined : httpStatus(f.errorStatus, `${name}.errorStatus`),
    errorStatuses:
      f.errorStatuses === undefined
        ? undefined
        : array(f.errorStatuses, `${name}.errorStatuses`).map((s, i) => httpStatus(s, `${name}.errorStatuses[${i}]`)),
    resetRate: rate(f.resetRate, `${name}.resetRate`),
    hangRate: rate(f.hangRate, `${name}.hangRate`),
    hangMs: count(f.hangMs, `${name}.hangMs`),
    malformedRate: rate(f.malformedRate, `${name}.malformedRate`),
    rateLimit:
      rateLimit === undefined
        ? undefined
        : { limit: limit!, windowMs: windowMs!, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) },
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as EndpointFault
}

const txHash = (value: unknown, name: string): Hex => {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw badRequest(`${name} must be a transaction hash`)
  return value as Hex
}

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
    // Everything is read and checked before anything changes: a refused request leaves the faults as they were.
    const reset = boolean(body.reset, "reset", false)
    const seed = body.seed === undefined ? undefined : seedOf(body.seed)
    const endpoints =
      body.endpoints === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(object(body.endpoints, "endpoints")).map(([pattern, f]) => [
              pattern,
              endpointFault(f, `endpoints[${JSON.stringify(pattern)}]`),
            ]),
          )
    const chain = body.chain === undefined ? undefined : chainKnobs(body.chain)
    if (chain !== undefined && !ctx.chains.has(chain.chainId))
      throw badRequest(`chain.chainId ${chain.chainId} is not a devnet chain`)

    if (reset) ctx.faults.reset(seed)
    if (endpoints !== undefined || seed !== undefined)
      ctx.faults.configure({
        ...(seed !== undefined ? { seed } : {}),
        ...(endpoints !== undefined ? { endpoints } : {}),
      })
    let replacedBy: Hex | undefined
    if (chain !== undefined) {
      const { chainId } = chain
      if (chain.automine !== undefined) await ctx.faults.setAutomine(chainId, chain.automine)
      if (chain.intervalMining !== undefined) await ctx.faults.setIntervalMining(chainId, chain.intervalMining)
      if (chain.drop !== undefined) await ctx.faults.dropTransaction(chainId, chain.drop)
      if (chain.replace !== undefined) replacedBy = await ctx.faults.replaceTransaction(chainId, chain.replace)
      if (chain.mine !== undefined) await ctx.faults.mine(chainId, chain.mine)
    }
    return { ...ctx.faults.config(), ...(replacedBy !== undefined ? { replacedBy } : {}) }
  },
}

/** The fault injector's seed: mulberry32 takes 32 bits. */
function seedOf(value: unknown): number {
  const seed = amount(value, "seed")
  if (seed >= 2n ** 32n) throw badRequest("seed must be below 2^32")
  return Number(seed)
}

/** The chain knobs of a `POST /__devnet/faults`, checked. */
function chainKnobs(value: unknown) {
  const c: Json = object(value, "chain")
  const chainId = Number(amount(c.chainId, "chain.chainId"))
  const mine = c.mine === undefined ? undefined : amount(c.mine, "chain.mine")
  if (mine !== undefined && (mine < 1n || mine > BigInt(MAX_MINED_BLOCKS)))
    throw badRequest(`chain.mine must be from 1 to ${MAX_MINED_BLOCKS} blocks`)
  const intervalMining = c.intervalMining === undefined ? undefined : amount(c.intervalMining, "chain.intervalMining")
  if (intervalMining !== undefined && intervalMining > 86_400n)
    throw badRequest("chain.intervalMining must be at most 86400 seconds")
  return {
    chainId,
    automine: c.automine === undefined ? undefined : boolean(c.automine, "chain.automine", true),
    intervalMining: intervalMining === undefined ? undefined : Number(intervalMining),
    drop: c.drop === undefined ? undefined : txHash(c.drop, "chain.drop"),
    replace: c.replace === undefined ? undefined : txHash(c.replace, "chain.replace"),
    mine: mine === undefined ? undefined : Number(mine),
  }
}

export const stateRoute: Route = {
  method: "GET",
  pattern: "/__devnet/state",
  handler: async (ctx) => ({
    heads: Object.fromEntries([...ctx.chains.keys()].map((id) => [id, Number(ctx.indexer.head(id))])),
    orders: ctx.book.all().map((o) => ({
      id: o.id,
      side: o.side,
      status: o.status,
      maker: o.order.maker,
      criteria: o.criteria.kind,
      price: o.order.price,
    })),
    intents: ctx.intents
      .all()
      .map((i) => ({ requestId: i.requestId, status: i.status, fillTxHashes: i.fillTxHashes, details: i.details })),
  }),
}
