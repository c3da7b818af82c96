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

/** The parameters of {@link mint}. */
export interface MintParameters extends CommonActionParameters {
  /** What to mint: `{ collection, quantity? }` or `{ token: "contract:tokenId", quantity? }`. */
  readonly items: ReadonlyArray<ApiObject>
  /** The most the caller will pay, per currency: the price check fails the mint when the quote is higher. */
  readonly expectedPrice?: ExpectedPrices | undefined
  /** Any other field the book takes for a mint (e.g. `currency`, `referrer`). */
  readonly options?: ApiObject | undefined
  /** Only fetch the steps and path, without executing them. */
  readonly precheck?: boolean | undefined
  /** A gas limit for every transaction. */
  readonly gas?: bigint | string | undefined
}

/** What {@link mint} resolves to: the API's whole answer for a precheck, else `true`. */
export type MintReturnType = ExecuteResponse | true

/** Every error {@link mint} can fail with (an APIError among the ExecutionErrors). */
export type MintErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * Mints tokens with the connected wallet as taker. The client's `source` and
 * `bountyReferrer` (as `referrer`) are sent unless `options` sets them.
 *
 * @example
 * const done = yield* mint({ items: [{ collection: nft, quantity: 2 }], expectedPrice: { [zeroAddress]: { raw: 10n **
 * 16n } } })
 */
export const mint: (
  parameters: MintParameters,
) => Effect.Effect<MintReturnType, MintErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.mint")(
  function* (parameters: MintParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId)
    const taker = yield* walletAddress
    return yield* runAction(parameters, {
      action: "mint",
      chain,
      precheck: parameters.precheck === true,
      expectedPrice: parameters.expectedPrice,
      gas: parameters.gas,
      params: {
        items: parameters.items,
        taker,
        source: config.settings.source || undefined,
        referrer: config.settings.bountyReferrer,
      },
      options: parameters.options,
    })
  },
)
