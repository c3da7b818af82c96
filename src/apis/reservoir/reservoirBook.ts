import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type { Hex } from "viem"
import { StatusPush } from "../../capabilities/StatusPush.js"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import { MissingChainConfigurationError } from "../../errors/index.js"
import { formatMessage } from "../../errors/internal/formatMessage.js"
import { ActionName } from "../../schema/ActionName.js"
import { CheckResponse, PostResponse, TransfersResponse } from "../../schema/StatusResponses.js"
import type { Check, Step, StepItem } from "../../schema/Step.js"
import type { ChainApi } from "../../services/ChainApi.js"
import { type ChainOrderBook, OrderBook, type OrderBookService } from "../../services/OrderBook.js"
import { NO_RETRY } from "../../services/RetryPolicy.js"
import { ApiClient, type ApiClientService } from "./ApiClient.js"
import { pushedStatusOf, signatureStatusOf, statusFilterOf, transactionStatusOf } from "./bookStatusOf.js"
import { fetchPlan } from "./fetchPlan.js"

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

/** A configured chain without an API: a preset (they carry none) used as it is. */
const noApiMessage = (chain: ChainConfig): string =>
  formatMessage("ReservoirClient missing chain configuration", {
    meta: { Chain: `${chain.name} (${chain.id})` },
    details:
      "the chain has no baseApiUrl. Point it at an API that speaks the protocol (a self-hosted indexer, your proxy, " +
      'the devnet): { ...preset, baseApiUrl: "https://…" }.',
  })

/** The actions whose fills the Reservoir indexer records as transfers, and the steps of their plans that fill. */
const TRANSFER_ACTIONS: ReadonlySet<ActionName> = new Set(["buy", "sell", "mint"])
const TRANSFER_STEPS: ReadonlySet<string> = new Set(["sale", "order-signature"])

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
    api
      .ask({ path: check.endpoint, method: check.method ?? "POST", body: check.body }, CheckResponse)
      .pipe(Effect.map(signatureStatusOf)),
  transactionStatus: (hash, check) =>
    api
      .ask(
        check !== undefined
          ? { path: check.endpoint, method: check.method ?? "POST", body: checkBody(check.body, hash) }
          : { path: `/transactions/${hash}/synced/v1`, method: "GET" },
        CheckResponse,
      )
      .pipe(Effect.map(transactionStatusOf)),
  awaitsTransfers: (action, step) => TRANSFER_ACTIONS.has(action) && TRANSFER_STEPS.has(step.id),
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
  pushed: (hash, check, crossChain) => {
    const url = chain.websocketUrl
    return url === undefined
      ? Effect.never
      : StatusPush.use((push) =>
          push === undefined
            ? Effect.never
            : Effect.map(
                push(url, statusFilterOf(hash, check, crossChain), hash, api.socketHeaders(url)),
                pushedStatusOf,
              ),
        )
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
  forChain: (chain) =>
    chain.baseApiUrl === ""
      ? Result.fail(new MissingChainConfigurationError({ chainId: chain.id, message: noApiMessage(chain) }))
      : Result.succeed(reservoirOnChain(client.forChain(chain.baseApiUrl, chain.headers), chain)),
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
