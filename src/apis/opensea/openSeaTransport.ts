import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Hex } from "viem"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import { ClientConfig } from "../../services/ClientConfig.js"
import { HttpTransport, type TransportRequest, type TransportResponse } from "../../services/HttpTransport.js"
import { bidPlan } from "./bidPlan.js"
import { buyPlan } from "./buyPlan.js"
import { cancelPlan } from "./cancelPlan.js"
import { chainReadsCache } from "./chainReads.js"
import { syncedOf, transfersOf } from "./confirmations.js"
import { listPlan } from "./listPlan.js"
import type { ResolvedOpenSeaConfig } from "./OpenSeaConfig.js"
import { failureResponse, OpenSeaFailure } from "./OpenSeaFailure.js"
import { makeOpenSeaCall } from "./openSeaRequest.js"
import type { PlanContext } from "./PlanContext.js"
import { postCancel, postOrder } from "./postOrder.js"
import { sellPlan } from "./sellPlan.js"

const bodyOf = (request: TransportRequest): unknown => {
  if (request.body === undefined) return undefined
  try {
    return JSON.parse(request.body)
  } catch {
    return undefined
  }
}

const answerOf = (json: unknown): TransportResponse => ({ status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(json) })

/** The configured chain whose API a request goes to (the longest `baseApiUrl` it starts with), and the path under it. */
const routeOf = (chains: ReadonlyArray<ChainConfig>, url: URL) => {
  const href = `${url.origin}${url.pathname}`
  const chain = [...chains]
    .sort((a, b) => b.baseApiUrl.length - a.baseApiUrl.length)
    .find((candidate) => href === candidate.baseApiUrl || href.startsWith(`${candidate.baseApiUrl.replace(/\/+$/, "")}/`))
  return chain === undefined ? undefined : { chain, path: href.slice(chain.baseApiUrl.replace(/\/+$/, "").length) }
}

/**
 * An HttpTransport that speaks the Reservoir protocol to tradekit's executor and OpenSea's API v2 underneath: it
 * answers the requests the executor makes on a configured chain — the `/execute/*` plans, the posts of signed
 * orders, `/transactions/{hash}/synced/v1` and `/transfers/bulk/v2` from the chain — with OpenSea's answers
 * translated into steps the executor already knows. OpenSea goes over `transport`. A refusal keeps OpenSea's
 * status, message and `retry-after`, so that the client's retry policy treats it as any API's.
 */
export const openSeaTransportLayer = (
  config: ResolvedOpenSeaConfig,
  transport: Layer.Layer<HttpTransport>,
): Layer.Layer<HttpTransport, never, ClientConfig> =>
  Layer.effect(
    HttpTransport,
    Effect.gen(function* () {
      const client = yield* ClientConfig
      const call = makeOpenSeaCall((yield* HttpTransport).send, config)
      const readsOf = chainReadsCache()
      const retries = client.settings.retry.times

      const answer = (ctx: PlanContext, method: string, path: string, url: URL, body: unknown): Effect.Effect<unknown, OpenSeaFailure> => {
        const route = `${method} ${path}`
        if (route === "POST /execute/buy/v7") return buyPlan(ctx, body)
        if (route === "POST /execute/sell/v7") return sellPlan(ctx, body)
        if (route === "POST /execute/list/v5") return listPlan(ctx, body)
        if (route === "POST /execute/bid/v5") return bidPlan(ctx, body)
        if (route === "POST /execute/cancel/v3") return cancelPlan(ctx, body)
        if (route === "POST /opensea/orders") return postOrder(ctx, url, body, retries)
        if (route === "POST /opensea/cancel") return postCancel(ctx, url, body, retries)
        if (route === "GET /transfers/bulk/v2") return transfersOf(ctx.reads, url.searchParams.getAll("txHash") as Array<Hex>)
        const synced = /^\/transactions\/(0x[0-9a-fA-F]{64})\/synced\/v1$/.exec(path)
        if (method === "GET" && synced !== null) return syncedOf(ctx.reads, synced[1] as Hex)
        // Told, never waited for: OpenSea has no counterpart.
        if (route === "POST /execute/results/v1" || route === "POST /tokens/refresh/v1") return Effect.succeed({})
        return Effect.fail(new OpenSeaFailure(404, `tradekit's OpenSea API does not answer ${route}`))
      }

      const send = (request: TransportRequest): Effect.Effect<TransportResponse> => {
        const url = request.url
        const route = routeOf(client.chains, url)
        const chainName = route === undefined ? undefined : config.chainNames[route.chain.id]
        const result =
          route === undefined
            ? Effect.fail(new OpenSeaFailure(404, `${url.href} is the API of no configured chain`))
            : chainName === undefined
              ? Effect.fail(new OpenSeaFailure(400, `OpenSea's name of chain ${route.chain.id} is unknown: add it to openSea({ chainNames })`))
              : Effect.flatMap(readsOf(route.chain), (reads) =>
                  answer({ chain: route.chain, chainName, config, call, reads }, request.method, route.path, url, bodyOf(request)),
                )
        return result.pipe(
          Effect.map(answerOf),
          Effect.catch((failure) => Effect.succeed(failureResponse(failure))),
          // A shape no check foresaw is OpenSea's unusable answer (a 502), never a crash of the executor.
          Effect.catchDefect((defect) =>
            Effect.succeed(
              failureResponse(
                new OpenSeaFailure(502, `OpenSea sent an unusable answer: ${defect instanceof Error ? defect.message : String(defect)}`),
              ),
            ),
          ),
        )
      }
      return HttpTransport.of({ send })
    }),
  ).pipe(Layer.provide(transport))
