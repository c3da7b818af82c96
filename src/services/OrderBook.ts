import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as Result from "effect/Result"
import type { Address, Hex } from "viem"
import type { ChainConfig } from "../chains/ChainConfig.js"
import type {
  ApiRequestError,
  BookConfigurationError,
  MissingChainConfigurationError,
  OrderCheckError,
  OrderPostRefusedError,
  TransactionFailedError,
  TransferRefusedError,
  UnsafeEndpointError,
  UnsupportedByBookError,
} from "../errors/index.js"
import type { ActionName } from "../schema/ActionName.js"
import type { BookStatus } from "../schema/BookStatus.js"
import type { ExecuteError, ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { PostResponse, TransfersResponse } from "../schema/StatusResponses.js"
import type { Check, Post, Step, StepItem } from "../schema/Step.js"
import type { TradeRequest } from "../schema/TradeRequest.js"
import type { RetryPolicy } from "./RetryPolicy.js"

/** How a plan is asked for. */
export interface PlanOptions {
  /** The execution's latest signature, which the Reservoir protocol re-posts the request with. */
  readonly signature?: Option.Option<string> | undefined
  /** How transient failures are retried (only while nothing is signed or sent); the client's policy when absent. */
  readonly retry?: RetryPolicy | undefined
  /**
   * The plan continues a stored execution, so part of what the request asked may be done already: a book that plans
   * from the chain leaves out what the chain shows done (a token already at its recipient) instead of refusing it.
   */
  readonly resuming?: boolean | undefined
}

/** What the executor tells a book about a transaction it sent for a plan (the Reservoir protocol's results post). */
export interface TransactionReport {
  readonly requestId: string
  readonly txHash: Hex
  readonly stepId: string
  readonly errorMessage?: string | undefined
}

/**
 * An order book bound to one chain: what the executor asks of it. Each method that the executor polls answers
 * once; the executor paces, bounds and retries the asking. A method a book lacks is a fact it does not have:
 * without `status`, the receipt alone confirms a transaction; without `transfers`, no transfers are recorded.
 */
export interface ChainOrderBook {
  /** The plan of an execute request: typed steps, decoded and checked by the book before the executor sees them. */
  readonly plan: (
    request: TradeRequest,
    options?: PlanOptions,
  ) => Effect.Effect<
    ExecuteResponse,
    ApiRequestError | OrderCheckError | UnsupportedByBookError | BookConfigurationError | TransferRefusedError
  >
  /**
   * Posts a signed order (one try: after a post without an answer the book may hold the order). A refusal after
   * which the book says it stored nothing is an OrderPostRefusedError.
   */
  readonly post: (
    post: Post,
    signature: string | undefined,
  ) => Effect.Effect<PostResponse, ApiRequestError | OrderCheckError | OrderPostRefusedError>
  /**
   * Refuses an item that names an endpoint the book would not ask (one off its API's origin, say) before the
   * executor uses it. A transaction item is checked by the book of the chain it goes out on.
   */
  readonly checkItem: (step: Step, item: StepItem) => Effect.Effect<void, UnsafeEndpointError | OrderCheckError>
  /** One answer of a signature item's `check`: whether the book has what was signed. */
  readonly signatureStatus?: ((check: Check) => Effect.Effect<BookStatus, ApiRequestError>) | undefined
  /**
   * One answer on a sent transaction: the item's `check` when it has one, else whether the book indexed it
   * (`success` once it has).
   */
  readonly transactionStatus?:
    | ((hash: Hex, check: Check | undefined) => Effect.Effect<BookStatus, ApiRequestError>)
    | undefined
  /**
   * Whether the transactions of a step of `action`'s plan are confirmed through the book's transfers index (the
   * tokens a fill moved), besides their status: the book marks the steps whose transfers it records.
   */
  readonly awaitsTransfers?: ((action: ActionName, step: Step) => boolean) | undefined
  /** One answer of the transfers the book indexed for these transactions. */
  readonly transfers?: ((hashes: ReadonlyArray<Hex>) => Effect.Effect<TransfersResponse, ApiRequestError>) | undefined
  /** Tells the book about a transaction of its plan; its failure is the book's, never the execution's. */
  readonly report?: ((report: TransactionReport) => Effect.Effect<void, ApiRequestError>) | undefined
  /** Asks the book to refresh a token's liquidity (after it failed a buy or sell), as `contract:tokenId`. */
  readonly refresh?: ((token: string) => Effect.Effect<void, ApiRequestError>) | undefined
  /**
   * The status the book pushes for a transaction (with the item's `check`, and whether it fills on another chain):
   * its first `success` or `failure`; never ends when it cannot push.
   */
  readonly pushed?:
    | ((hash: Hex, check: Check | undefined, crossChain: boolean) => Effect.Effect<BookStatus, TransactionFailedError>)
    | undefined
  /**
   * The orders of a confirmed transaction item that its transactions did not fill (a sweep skips an order sold in
   * between instead of reverting), reported in the execution's `errors` as a plan's left-out items are.
   */
  readonly unfilled?:
    | ((item: StepItem, hashes: ReadonlyArray<Hex>) => Effect.Effect<ReadonlyArray<ExecuteError>, ApiRequestError>)
    | undefined
  /**
   * The book's word that every order of an item is filled or cancelled: a send of it whose outcome is unknown can
   * then fill nothing more, and is settled. False when the book cannot say (an item that names no order).
   */
  readonly ordersFilled?: ((item: StepItem) => Effect.Effect<boolean, ApiRequestError>) | undefined
  /**
   * What the journal knows an item by, when the book knows better than the item's bytes: a fill whose calldata
   * carries a fresh zone signature on every answer is still the same fill of the same order.
   */
  readonly itemKey?: ((step: Step, item: StepItem) => string | undefined) | undefined
}

/**
 * An order book: turns an action's request into a plan of typed steps, posts signed orders and, where it has
 * them, answers status checks, transfer look-ups, reports and a status stream. The executor asks it, never a
 * URL; the Reservoir protocol is the default book, OpenSea a second (`tradekit/opensea`).
 */
export interface OrderBookService {
  /** The book's name, in errors and logs: `"reservoir"`, `"opensea"`. */
  readonly name: string
  /** The actions the book plans; any other fails before a request is made. */
  readonly actions: ReadonlySet<ActionName>
  /**
   * The book on a configured chain, or why it cannot serve that chain as configured (the Reservoir book: a chain
   * without the `baseApiUrl` of its API), before any request is made.
   */
  readonly forChain: (
    chain: ChainConfig,
  ) => Result.Result<ChainOrderBook, MissingChainConfigurationError | BookConfigurationError>
  /**
   * For a book that plans cross-chain `call`s: who makes the calls on `chainId` (their `msg.sender`, Relay's router),
   * so that a fill bound to its fulfiller is made out for it; undefined for a chain the book knows no sender on.
   */
  readonly callSender?: ((chainId: number) => Address | undefined) | undefined
}

/**
 * The order book the actions trade on. `Tradekit.layer` provides the Reservoir protocol's, or the one its `book`
 * option names (`openSea({ apiKey })`).
 */
export class OrderBook extends Context.Service<OrderBook, OrderBookService>()("tradekit/OrderBook") {}
