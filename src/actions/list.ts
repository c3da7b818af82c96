import * as Effect from "effect/Effect"
import type { ExecutionError, MissingChainConfigurationError, PluginRejectedError } from "../errors/index.js"
import type { Step } from "../schema/Step.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"
import { walletAddress } from "./internal/walletAddress.js"

/**
 * One listing: `token`, `weiPrice`, and any field of a listing the book takes (`orderbook`, `orderKind`,
 * `currency`, `expirationTime`, `quantity`, `fees` or `marketplaceFees`, `automatedRoyalties`, ...).
 */
export type Listing = ApiObject & {
  readonly token?: string | undefined
  readonly weiPrice?: string | undefined
  readonly orderbook?: string | undefined
}

/** The parameters of {@link list}. */
export interface ListParameters extends CommonActionParameters {
  readonly listings: ReadonlyArray<Listing>
  /** Only fetch the steps, without executing them. */
  readonly precheck?: boolean | undefined
}

/** What {@link list} resolves to: the steps for a precheck, else `true`. */
export type ListReturnType = ReadonlyArray<Step> | true

/** Every error {@link list} can fail with. */
export type ListErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * Lists tokens for sale with the connected wallet as maker. The fees plugin adds
 * the marketplace fees and automated royalties of the client to listings on the default order book.
 *
 * @example
 * yield* list({ listings: [{ token: `${nft}:42`, weiPrice: "1000000000000000000", orderbook: "reservoir" }] })
 */
export const list: (
  parameters: ListParameters,
) => Effect.Effect<ListReturnType, ListErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.list")(
  function* (parameters: ListParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId)
    const maker = yield* walletAddress
    const result = yield* runAction(parameters, {
      action: "list",
      chain,
      precheck: parameters.precheck === true,
      params: { maker, source: config.settings.source || undefined, params: parameters.listings },
    })
    return result === true ? result : result.steps
  },
)
