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

/** The parameters of {@link sell}. */
export interface SellParameters extends CommonActionParameters {
  /** The tokens to sell: `{ token: "contract:tokenId", quantity?, orderId? }` (the offer to accept). */
  readonly items: ReadonlyArray<ApiObject>
  /** The least the caller will receive, per currency: the price check fails the sale when the offer is lower. */
  readonly expectedPrice?: ExpectedPrices | undefined
  /** Any other field the book takes for a sale (e.g. `feesOnTop`, `partial`). */
  readonly options?: ApiObject | undefined
  /** Only fetch the steps and path, without executing them. */
  readonly precheck?: boolean | undefined
  /** A gas limit for every transaction. */
  readonly gas?: bigint | string | undefined
}

/** What {@link sell} resolves to: the API's whole answer for a precheck, else `true`. */
export type SellReturnType = ExecuteResponse | true

/** Every error {@link sell} can fail with (an APIError among the ExecutionErrors). */
export type SellErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * Accepts offers on the connected wallet's tokens, the wallet as taker. The
 * client's `source` and `normalizeRoyalties` are sent unless `options` sets them.
 *
 * @example
 * const done = yield* sell({ items: [{ token: `${nft}:42` }], expectedPrice: { [weth]: { raw: 10n ** 17n } } })
 */
export const sell: (
  parameters: SellParameters,
) => Effect.Effect<SellReturnType, SellErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.sell")(
  function* (parameters: SellParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId)
    const taker = yield* walletAddress
    return yield* runAction(parameters, {
      action: "sell",
      chain,
      precheck: parameters.precheck === true,
      expectedPrice: parameters.expectedPrice,
      gas: parameters.gas,
      params: {
        items: parameters.items,
        taker,
        source: config.settings.source || undefined,
        normalizeRoyalties: config.settings.normalizeRoyalties,
      },
      options: parameters.options,
    })
  },
)
