import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Hex } from "viem"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import { ActionName } from "../../schema/ActionName.js"
import { CheckResponse, PostResponse, TransfersResponse } from "../../schema/StatusResponses.js"
import type { Check, Step, StepItem } from "../../schema/Step.js"
import type { ChainApi } from "../../services/ChainApi.js"
import { type ChainOrderBook, OrderBook, type OrderBookService } from "../../services/OrderBook.js"
import { NO_RETRY } from "../../services/RetryPolicy.js"
import { ApiClient, type ApiClientService } from "./ApiClient.js"
import { fetchPlan } from "./fetchPlan.js"
import { pushedStatus } from "./statusSocket.js"

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The body of a check request: the API's own body, untouched, with the transaction's hash as its `id` when
 * it has none — as reservoir-sdk 2.0.x sends it (`id: body.id ?? txHash`; no body at all is `{ id }`).
 */
const checkBody = (body: unknown, hash: Hex): unknown => {
  if (body === undefined) return { id: hash }
  if (!isRecord(body)) return body
  return body.id === undefined || body.id === null ? { ...body, id: hash } : body
}

/** An endpoint the API handed out resolves under its base URL, or the item is refused (the key stays on its origin). */
const checkEndpoint = (api: ChainApi, endpoint: string | undefined) =>
  endpoint === undefined ? Effect.void : Effect.asVoid(api.resolve(endpoint))

/** The Reservoir protocol at one chain's `baseApiUrl`. */
const reservoirOnChain = (api: ChainApi, chain: ChainConfig): ChainOrderBook => ({
  plan: (request, options = {}) =>
    fetchPlan(api, request, {
      ...(options.signature !== undefined ? { signature: options.signature } : {}),
      ...(options.retry !== undefined ? { retry: options.retry } : {}),
    }),
  post: (post, signature) =>
    api.requestDecoded(
      {
        path: post.endpoint,
        method: post.method ?? "POST",
        body: post.body,
        query: signature === undefined ? {} : { signature },
        retry: NO_RETRY,
      },
      PostResponse,
    ),
  checkItem: (_step: Step, item: StepItem) =>
    Effect.andThen(
      checkEndpoint(api, (item.data as { readonly post?: { readonly endpoint?: string } } | undefined)?.post?.endpoint),
      checkEndpoint(api, item.check?.endpoint),
    ),
  signatureStatus: (check: Check) =>
    api.ask({ path: check.endpoint, method: check.method ?? "POST", body: check.body }, CheckResponse),
  transactionStatus: (hash, check) =>
    api.ask(
      check !== undefined
        ? { path: check.endpoint, method: check.method ?? "POST", body: checkBody(check.body, hash) }
        : { path: `/transactions/${hash}/synced/v1`, method: "GET" },
      CheckResponse,
    ),
  transfers: (hashes) =>
    api.ask({ path: "/transfers/bulk/v2", method: "GET", query: { txHash: hashes } }, TransfersResponse),
  report: (report) =>
    Effect.asVoid(
      api.request({
        path: "/execute/results/v1",
        method: "POST",
        retry: NO_RETRY,
        body: {
          requestId: report.requestId,
          txHash: report.txHash,
          stepId: report.stepId,
          ...(report.errorMessage ? { errorMessage: report.errorMessage } : {}),
        },
      }),
    ),
  refresh: (token) =>
    Effect.asVoid(api.request({ path: "/tokens/refresh/v1", method: "POST", body: { token, liquidityOnly: true } })),
  pushed: (filter, hash) => {
    const url = chain.websocketUrl
    return url === undefined ? Effect.never : pushedStatus(url, filter, hash, api.socketHeaders(url))
  },
})

/**
 * The Reservoir protocol's order book over the ApiClient: each chain's API at its `baseApiUrl` plans every
 * action, takes posts, answers checks, the synced poll and transfer look-ups, hears the results of
 * transactions, refreshes liquidity and pushes statuses on the chain's `websocketUrl`.
 */
export const makeReservoirBook = (client: ApiClientService): OrderBookService => ({
  name: "reservoir",
  actions: new Set(ActionName.literals),
  needsBaseApiUrl: true,
  forChain: (chain) => reservoirOnChain(client.forChain(chain.baseApiUrl, chain.headers), chain),
})

/** The Reservoir protocol's order book, over the ApiClient in context. */
export const reservoirBookLayer: Layer.Layer<OrderBook, never, ApiClient> = Layer.effect(
  OrderBook,
  Effect.gen(function* () {
    return makeReservoirBook(yield* ApiClient)
  }),
)

/**
 * The ApiClient of `apiClient` together with the Reservoir book over it: what an action needs of the API.
 *
 * @example
 * withReservoirBook(ApiClient.layerFetch.pipe(Layer.provide(config)))
 */
export const withReservoirBook = <E, R>(
  apiClient: Layer.Layer<ApiClient, E, R>,
): Layer.Layer<ApiClient | OrderBook, E, R> => Layer.merge(apiClient, reservoirBookLayer.pipe(Layer.provide(apiClient)))
