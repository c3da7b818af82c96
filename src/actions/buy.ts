import * as Effect from "effect/Effect"
import type { ExecutionError, MissingChainConfigurationError, PluginRejectedError } from "../errors/index.js"
import type { ExpectedPrices } from "../plugins/ExpectedPrice.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"
import { walletAddress } from "./internal/walletAddress.js"

/** The parameters of {@link buy}. */
export interface BuyParameters extends CommonActionParameters {
  /** What to buy: `{ token: "contract:tokenId" }`, `{ orderId }`, `{ rawOrder }`, with `quantity`, ... */
  readonly items: ReadonlyArray<ApiObject>
  /** The most the caller will pay, per currency: the price check fails the buy when the quote is higher. */
  readonly expectedPrice?: ExpectedPrices | undefined
  /** Any other field the book takes for a buy (e.g. `currency`, `feesOnTop`, `partial`). */
  readonly options?: ApiObject | undefined
  /** Only fetch the steps and path, without executing them. */
  readonly precheck?: boolean | undefined
  /** A gas limit for every transaction. */
  readonly gas?: bigint | string | undefined
}

/** What {@link buy} resolves to: the API's whole answer for a precheck, else `true`. */
export type BuyReturnType = ExecuteResponse | true

/** Every error {@link buy} can fail with (an APIError among the ExecutionErrors). */
export type BuyErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * Buys tokens with the connected wallet as taker. The client's `source`,
 * `normalizeRoyalties` and `bountyReferrer` (as `referrer`) are sent unless `options` sets them.
 *
 * @example
 * const done = yield* buy({ items: [{ token: `${nft}:42`, quantity: 1 }], expectedPrice: { [zeroAddress]: { raw: 10n **
 * 17n } } })
 */
export const buy: (
  parameters: BuyParameters,
) => Effect.Effect<BuyReturnType, BuyErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.buy")(
  function* (parameters: BuyParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId)
    const taker = yield* walletAddress
    return yield* runAction(parameters, {
      action: "buy",
      chain,
      precheck: parameters.precheck === true,
      expectedPrice: parameters.expectedPrice,
      gas: parameters.gas,
      params: {
        items: parameters.items,
        taker,
        source: config.settings.source || undefined,
        normalizeRoyalties: config.settings.normalizeRoyalties,
        referrer: config.settings.bountyReferrer,
      },
      options: parameters.options,
    })
  },
)
