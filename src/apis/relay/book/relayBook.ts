import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { getAddress, type Hex, zeroAddress } from "viem"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import {
  BookConfigurationError,
  OrderCheckError,
  UnsafeEndpointError,
  UnsupportedByBookError,
} from "../../../errors/index.js"
import type { ActionName } from "../../../schema/ActionName.js"
import type { BookStatus } from "../../../schema/BookStatus.js"
import { ExecuteResponse } from "../../../schema/ExecuteResponse.js"
import type { Check } from "../../../schema/Step.js"
import type { TradeRequest } from "../../../schema/TradeRequest.js"
import { ClientConfig } from "../../../services/ClientConfig.js"
import { decodeApiBody } from "../../../services/decodeApiBody.js"
import { HttpTransport } from "../../../services/HttpTransport.js"
import { type ChainOrderBook, OrderBook, type PlanOptions } from "../../../services/OrderBook.js"
import { checkDeposit } from "../check/checkDeposit.js"
import type { ResolvedRelayOptions } from "../RelayOptions.js"
import { IntentStatus, STATUS_ROUTE } from "../wire/intentStatus.js"
import { callQuoteRequest, QUOTE_ROUTE, QuoteAnswer, type QuoteCall } from "../wire/quote.js"
import { makeRelayClient, type RelayRequest } from "../wire/RelayClient.js"
import { destinationOutcome } from "./destinationOutcome.js"
import { planOfQuote } from "./planOfQuote.js"

/** Relay plans cross-chain calls (a cross-chain purchase is a call of the listing's fulfilment). */
const RELAY_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>(["call"])

/** The request id a status check names (`/intents/status/v3?requestId=…`), when it is Relay's status route. */
const requestIdOf = (check: Check | undefined): string | undefined => {
  if (check === undefined || !check.endpoint.startsWith(`${STATUS_ROUTE}?`)) return undefined
  return new URLSearchParams(check.endpoint.slice(STATUS_ROUTE.length + 1)).get("requestId") ?? undefined
}

/** Relay's status of a request, in tradekit's terms: a refund or a failure ends it, with Relay's words. */
const bookStatusOf = (answer: IntentStatus): BookStatus => {
  const txHashes = (answer.txHashes ?? []) as ReadonlyArray<Hex>
  const stage = answer.status
  switch (answer.status) {
    case "success":
      return { status: "success", stage, txHashes, destinationChainId: answer.destinationChainId }
    case "refund":
      return {
        status: "failure",
        stage,
        details: `Relay refunded the deposit${answer.details ? `: ${answer.details}` : ""}`,
        // tradekit signs native deposits only (checkDeposit): the refund is in the origin's native currency.
        refund: { chainId: answer.originChainId, currency: zeroAddress, txHash: txHashes[0] },
      }
    case "failure":
      return { status: "failure", stage, details: answer.details ?? "Relay failed the request" }
    default:
      return { status: "pending", stage }
  }
}

/** The calls of a `call` request, as Relay's quote takes them. */
const callsOf = (txs: ReadonlyArray<Readonly<Record<string, unknown>>>): ReadonlyArray<QuoteCall> =>
  txs.map((tx) => ({
    to: getAddress(String(tx.to)),
    data: (typeof tx.data === "string" ? tx.data : "0x") as Hex,
    value: String(tx.value ?? "0"),
  }))

/** Plans a call: a quote, held to the calls asked before anything is signed (see checkDeposit). */
const planCall = (
  ask: RelayRequest,
  options: ResolvedRelayOptions,
  chain: ChainConfig,
  request: TradeRequest,
  settings: { readonly referrer?: string | undefined },
) =>
  Effect.gen(function* () {
    if (request.action !== "call")
      return yield* Effect.fail(UnsupportedByBookError.of({ book: "relay", what: `the ${request.action} action` }))
    const { user, txs, originChainId } = request.params
    const depository = options.depositoryOf(originChainId)
    if (depository === undefined)
      return yield* Effect.fail(
        BookConfigurationError.of({
          book: "relay",
          chainId: originChainId,
          add: `the chain's Relay Depository: relay({ depositories: { ${originChainId}: "0x…" } })`,
        }),
      )
    const calls = yield* Effect.try({
      try: () => callsOf(txs),
      catch: () => OrderCheckError.of({ book: "relay", check: "calldata", short: "A call names no address to call" }),
    })
    const wallet = getAddress(user)
    const body = callQuoteRequest({
      user: wallet,
      originChainId,
      destinationChainId: chain.id,
      txs: calls,
      referrer: settings.referrer,
    })
    const quote = yield* Effect.flatMap(ask("POST", QUOTE_ROUTE, body), (answer) =>
      decodeApiBody(QuoteAnswer, QUOTE_ROUTE, answer),
    )
    const expectation = {
      user: wallet,
      originChainId,
      destinationChainId: chain.id,
      txs: calls,
      depository,
      maxFeeBps: options.maxFeeBps,
    }
    const checked =
      quote.protocol === undefined && options.trustRelayWithoutProtocolData
        ? undefined
        : yield* checkDeposit(quote, expectation)
    return yield* decodeApiBody(ExecuteResponse, QUOTE_ROUTE, planOfQuote(quote, checked?.orderId))
  })

/** Relay's book on one chain: plans calls made on it, and answers the statuses of deposits made on it. */
const relayOnChain = (
  ask: RelayRequest,
  options: ResolvedRelayOptions,
  chain: ChainConfig,
  settings: { readonly referrer?: string | undefined },
  origins: Map<string, number>,
  confirmed: (success: BookStatus) => Effect.Effect<BookStatus>,
): ChainOrderBook => ({
  plan: (request: TradeRequest, planOptions: PlanOptions = {}) =>
    planOptions.resuming === true
      ? // Each quote is a new request: a second one after the deposit could be paid again. What was sent is
        // confirmed through the stored request's status; anything not sent yet is started again by the caller.
        Effect.fail(
          UnsupportedByBookError.of({
            book: "relay",
            what: "asking a new quote to resume",
            details: "a quote is never asked again after its deposit: start the call again",
          }),
        )
      : planCall(ask, options, chain, request, settings).pipe(
          Effect.tap((plan) =>
            Effect.sync(() => {
              if (request.action === "call" && plan.requestId !== undefined)
                origins.set(plan.requestId, request.params.originChainId)
            }),
          ),
        ),
  post: () => Effect.die("Relay's plans post nothing"),
  checkItem: (_step, item) => {
    const check = (item as { readonly check?: Check }).check
    return check === undefined || requestIdOf(check) !== undefined
      ? Effect.void
      : Effect.fail(UnsafeEndpointError.of({ endpoint: check.endpoint, baseApiUrl: options.apiBaseUrl }))
  },
  transactionStatus: (_hash, check) => {
    const requestId = requestIdOf(check)
    if (requestId === undefined) return Effect.succeed({ status: "pending" } satisfies BookStatus)
    return ask("GET", `${STATUS_ROUTE}?requestId=${encodeURIComponent(requestId)}`).pipe(
      Effect.flatMap((answer) => decodeApiBody(IntentStatus, STATUS_ROUTE, answer)),
      Effect.map(bookStatusOf),
      Effect.flatMap((status) => (status.status === "success" ? confirmed(status) : Effect.succeed(status))),
    )
  },
  report: ({ requestId, txHash }) => {
    const chainId = origins.get(requestId)
    return chainId === undefined
      ? Effect.void
      : Effect.asVoid(ask("POST", "/transactions/index", { chainId: String(chainId), txHash, requestId }))
  },
})

/**
 * Relay as an OrderBook: cross-chain calls quoted by Relay's API and held, before the deposit is signed, to the
 * calls the user asked (see checkDeposit); the deposit told to Relay, then followed through Relay's status until the
 * calls are made, refunded or failed.
 */
export const relayBookLayer = (
  options: ResolvedRelayOptions,
): Layer.Layer<OrderBook, never, ClientConfig | HttpTransport> =>
  Layer.effect(
    OrderBook,
    Effect.gen(function* () {
      const client = yield* ClientConfig
      const transport = yield* HttpTransport
      const ask = makeRelayClient(transport, options, client.settings.httpTimeout)
      const settings = { referrer: client.settings.bountyReferrer }
      const origins = new Map<string, number>()
      const confirmed = destinationOutcome(client.chains, new Map())
      return {
        name: "relay",
        actions: RELAY_ACTIONS,
        forChain: (chain: ChainConfig) =>
          Result.succeed(relayOnChain(ask, options, chain, settings, origins, confirmed)),
        callSender: options.routerOf,
      }
    }),
  )
