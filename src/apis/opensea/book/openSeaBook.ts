import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import { MalformedResponseError, type TransferRefusedError, UnsafeEndpointError } from "../../../errors/index.js"
import type { ActionName } from "../../../schema/ActionName.js"
import { ExecuteResponse } from "../../../schema/ExecuteResponse.js"
import type { Post, Step, StepItem } from "../../../schema/Step.js"
import type { TradeParams, TradeRequest } from "../../../schema/TradeRequest.js"
import { ClientConfig } from "../../../services/ClientConfig.js"
import { decodeApiBody } from "../../../services/decodeApiBody.js"
import { HttpTransport } from "../../../services/HttpTransport.js"
import { type ChainOrderBook, OrderBook, type OrderBookService, type PlanOptions } from "../../../services/OrderBook.js"
import { transferPlan } from "../../chain/transferPlan.js"
import type { TradekitBook } from "../../TradekitBook.js"
import { ChainReader, type ChainReaderService, makeRpcChainReader } from "../chain/chainReads.js"
import { transfersOf } from "../chain/confirmations.js"
import { ordersFilled } from "../chain/ordersFilled.js"
import { unfilledOrders } from "../chain/sweepReceipt.js"
import type { ResolvedOpenSeaConfig } from "../config/OpenSeaConfig.js"
import { bidPlan } from "../plans/bidPlan.js"
import { buyPlan } from "../plans/buyPlan.js"
import { cancelPlan } from "../plans/cancelPlan.js"
import { listPlan } from "../plans/listPlan.js"
import { mintPlan } from "../plans/mintPlan.js"
import { sellPlan } from "../plans/sellPlan.js"
import { makeOpenSeaClient, type OpenSeaClient } from "../wire/OpenSeaClient.js"
import { type CrossChainPurchases, crossChainPurchases } from "./crossChainPurchases.js"
import { errorOf, requestErrorOf } from "./edgeError.js"
import { OpenSeaError } from "./OpenSeaError.js"
import type { PlanContext } from "./PlanContext.js"
import { isOpenSeaPost, postSigned } from "./postOrder.js"

/** How many fields a chain's entry has (name, seaport, conduitKey, conduit, signedZone): all missing is no entry. */
const CHAIN_FIELD_COUNT = 5

/** The actions the OpenSea book plans (a transfer from the chain alone, a mint from a drop): no cross-chain call. */
const OPENSEA_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>([
  "buy",
  "sell",
  "list",
  "bid",
  "cancel",
  "transfer",
  "mint",
])

/** A failure of a plan other than OpenSea's own: a transfer refused, or the cross-chain book's refusal. */
type PlanError = TransferRefusedError | Effect.Error<ReturnType<ChainOrderBook["plan"]>>

const plans: Readonly<
  Record<
    string,
    (ctx: PlanContext, body: never, options: PlanOptions) => Effect.Effect<unknown, OpenSeaError | PlanError>
  >
> = {
  buy: buyPlan,
  sell: sellPlan,
  list: listPlan,
  bid: bidPlan,
  cancel: cancelPlan,
  mint: mintPlan,
  transfer: (ctx, params: TradeParams["transfer"], options) =>
    transferPlan(ctx.reads, ctx.chain.id, params, {
      resuming: options.resuming,
      helper: { address: ctx.config.transferHelper, conduitKey: ctx.config.conduitKey, conduit: ctx.config.conduit },
    }),
}

/**
 * What every plan on `chain` works with: its entry of OpenSea's table with the client's settings, the API and the
 * chain's reads; or why the book cannot trade there as configured.
 */
const planContextOf = (
  config: ResolvedOpenSeaConfig,
  openSea: OpenSeaClient,
  reader: ChainReaderService,
  chain: ChainConfig,
  crossChain: CrossChainPurchases | undefined,
): Effect.Effect<PlanContext, OpenSeaError> =>
  Effect.gen(function* () {
    const entry = config.chainOf(chain.id)
    const missing = config.missingOf(chain.id)
    if (entry === undefined && missing.length < CHAIN_FIELD_COUNT) {
      // Given in part, the chain is meant to be OpenSea's: say what is left to give, not that OpenSea lacks it.
      const fields = missing.map((field) => `\`${field}\``).join(", ")
      return yield* Effect.fail(
        OpenSeaError.misconfigured(
          chain.id,
          `add ${fields} for it: openSea({ chains: { ${chain.id}: { ${missing.join(", ")} } } }) ` +
            "(a devnet's come whole: openSea(devnet.openSea))",
        ),
      )
    }
    if (entry === undefined) {
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          `chain ${chain.id}`,
          "OpenSea serves no Seaport orders there that tradekit knows of: " +
            "add it with openSea({ chains: { [id]: { name, … } } })",
        ),
      )
    }
    const chainConfig = {
      ...entry,
      apiBaseUrl: config.apiBaseUrl,
      maxFeeBps: config.maxFeeBps,
      transferHelper: config.transferHelper,
      seaDrop: config.seaDrop,
    }
    return {
      chain,
      chainName: entry.name,
      config: chainConfig,
      client: openSea,
      reads: yield* reader.forChain(chain),
      crossChain,
    } satisfies PlanContext
  })

/** OpenSea's book on one chain. */
const openSeaOnChain = (
  config: ResolvedOpenSeaConfig,
  openSea: OpenSeaClient,
  reader: ChainReaderService,
  chain: ChainConfig,
  crossChain: CrossChainPurchases | undefined,
): ChainOrderBook => {
  const entry = config.chainOf(chain.id)
  const context = planContextOf(config, openSea, reader, chain, crossChain)
  const crossChainOn = crossChain?.on(chain)
  const plan = (request: TradeRequest, options: PlanOptions = {}) =>
    Effect.gen(function* () {
      const planOf = plans[request.action]
      if (planOf === undefined)
        return yield* Effect.fail(OpenSeaError.invalid(`OpenSea does not plan ${request.action}`))
      return yield* planOf(yield* context, request.params as never, options)
    }).pipe(
      Effect.mapError((failure) =>
        failure._tag === "OpenSeaError" ? errorOf(failure, `opensea:${request.action}`) : failure,
      ),
      // A shape no reading foresaw is OpenSea's unusable answer, never a crash of the executor.
      Effect.catchDefect((defect) =>
        Effect.fail(
          new MalformedResponseError({
            message: `OpenSea sent an unusable answer: ${defect instanceof Error ? defect.message : String(defect)}`,
            endpoint: `opensea:${request.action}`,
            issue: String(defect),
          }),
        ),
      ),
      Effect.flatMap((planned) => decodeApiBody(ExecuteResponse, `opensea:${request.action}`, planned)),
    )
  return {
    plan,
    post: (post: Post, signature: string | undefined) => postSigned(openSea, post, signature),
    checkItem: (step: Step, item: StepItem) => {
      // A status check is the cross-chain book's (a purchase paid on another chain): OpenSea's plans name none.
      if (item.check !== undefined && crossChainOn !== undefined) return crossChainOn.checkItem(step, item)
      const post = (item.data as { readonly post?: Post } | undefined)?.post
      return post === undefined || isOpenSeaPost(post.endpoint)
        ? Effect.void
        : Effect.fail(UnsafeEndpointError.of({ endpoint: post.endpoint, baseApiUrl: config.apiBaseUrl }))
    },
    transfers: (hashes) =>
      Effect.flatMap(reader.forChain(chain), (reads) => transfersOf(reads, hashes)).pipe(
        Effect.mapError((failure) => requestErrorOf(failure, "chain")),
      ),
    unfilled: (item, hashes) =>
      entry === undefined
        ? Effect.succeed([])
        : Effect.flatMap(reader.forChain(chain), (reads) => unfilledOrders(reads, entry.seaport, item, hashes)).pipe(
            Effect.mapError((failure) => requestErrorOf(failure, "chain")),
          ),
    ordersFilled: (item) =>
      entry === undefined
        ? Effect.succeed(false)
        : Effect.flatMap(reader.forChain(chain), (reads) => ordersFilled(reads, entry.seaport, item)).pipe(
            Effect.mapError((failure) => requestErrorOf(failure, "chain")),
          ),
    ...(crossChainOn !== undefined
      ? { transactionStatus: crossChainOn.transactionStatus, report: crossChainOn.report }
      : {}),
    itemKey: (step, item) => {
      const orders = item.orderIds ?? []
      const from = (item.data as { readonly from?: unknown } | undefined)?.from
      // A fill's calldata carries a zone signature made fresh for every answer: the fill is known by its orders (a
      // sweep's, sorted) and taker.
      return step.kind === "transaction" && step.id === "sale" && orders.length > 0 && typeof from === "string"
        ? `opensea:fill:${[...orders]
            .map((order) => order.toLowerCase())
            .sort()
            .join(",")}:${from.toLowerCase()}`
        : undefined
    },
  }
}

/**
 * OpenSea's API v2 as an OrderBook: plans from OpenSea's answers and the chain's own reads, posts to OpenSea,
 * and the receipt as the only status. Its requests take the client's time limit, retry policy and same-origin
 * redirects; the key goes in `x-api-key` (none behind a proxy that adds it).
 */
export const openSeaBookLayer = (
  config: ResolvedOpenSeaConfig,
  crossChainBook?: TradekitBook | undefined,
): Layer.Layer<OrderBook, never, ClientConfig | HttpTransport> =>
  Layer.effect(
    OrderBook,
    Effect.gen(function* () {
      const client = yield* ClientConfig
      const transport = yield* HttpTransport
      const reads = Option.getOrElse(yield* Effect.serviceOption(ChainReader), makeRpcChainReader)
      const openSea = makeOpenSeaClient({
        send: transport.send,
        apiBaseUrl: config.apiBaseUrl,
        apiKey: config.apiKey,
        retry: client.settings.retry,
        timeout: client.settings.httpTimeout,
      })
      const crossChain =
        crossChainBook === undefined
          ? undefined
          : crossChainPurchases(
              yield* Effect.provide(
                Effect.service(OrderBook),
                crossChainBook.layer(Layer.succeed(HttpTransport, transport)),
              ),
              reads,
            )
      return {
        name: "opensea",
        actions: OPENSEA_ACTIONS,
        forChain: (chain) => Result.succeed(openSeaOnChain(config, openSea, reads, chain, crossChain)),
      } satisfies OrderBookService
    }),
  )
