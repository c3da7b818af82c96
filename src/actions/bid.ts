import * as Effect from "effect/Effect"
import {
  BidDataMissingError,
  type ExecutionError,
  type MissingChainConfigurationError,
  type PluginRejectedError,
} from "../errors/index.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"
import { walletAddress } from "./internal/walletAddress.js"

/**
 * One bid: what it is on (`token`, `collection`, `tokenSetId`, or `attributeKey` with `attributeValue`),
 * `weiPrice`, and any field of a bid the book takes (`orderbook`, `currency`, `marketplaceFees`, ...).
 */
export type Bid = ApiObject & {
  readonly token?: string | undefined
  readonly collection?: string | undefined
  readonly tokenSetId?: string | undefined
  readonly attributeKey?: string | undefined
  readonly attributeValue?: string | undefined
  readonly weiPrice?: string | undefined
  readonly orderbook?: string | undefined
}

/** The parameters of {@link bid}. */
export interface BidParameters extends CommonActionParameters {
  readonly bids: ReadonlyArray<Bid>
}

/** What {@link bid} resolves to: bids always execute. */
export type BidReturnType = true

/** Every error {@link bid} can fail with. */
export type BidErrorType = ExecutionError | BidDataMissingError | MissingChainConfigurationError | PluginRejectedError

const MISSING_CONFIGURATION = "ReservoirClient missing configuration"

/** True when the bid says what it is on. */
const hasTarget = (bid: Bid): boolean =>
  Boolean(bid.token || bid.collection || bid.tokenSetId || (bid.attributeKey && bid.attributeValue))

/**
 * Places bids with the connected wallet as maker. A bid that names neither a token, a
 * collection, a token set, nor both an attribute key and value fails with BidDataMissingError before any request.
 *
 * @example
 * yield* bid({ bids: [{ collection: nft, weiPrice: "100000000000000000", orderbook: "reservoir" }] })
 */
export const bid: (
  parameters: BidParameters,
) => Effect.Effect<BidReturnType, BidErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.bid")(
  function* (parameters: BidParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId, MISSING_CONFIGURATION)
    const invalid = parameters.bids.find((candidate) => !hasTarget(candidate))
    if (invalid !== undefined) return yield* new BidDataMissingError({ bid: invalid })
    const maker = yield* walletAddress
    yield* runAction(parameters, {
      action: "bid",
      chain,
      precheck: false,
      params: { maker, source: config.settings.source || undefined, params: parameters.bids },
    })
    return true as const
  },
)
