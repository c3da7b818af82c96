import * as Effect from "effect/Effect"
import {
  type ExecutionError,
  type MissingChainConfigurationError,
  NoOrderIdsError,
  type PluginRejectedError,
} from "../errors/index.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"

/** The parameters of {@link cancel}. */
export interface CancelParameters extends CommonActionParameters {
  /** The ids of the listings or offers to cancel; at least one. */
  readonly orderIds: ReadonlyArray<string>
  /** Any other field the book takes for a cancellation (e.g. `orderKind`, `token`, `maker`). */
  readonly options?: ApiObject | undefined
  /** A gas limit for every transaction. */
  readonly gas?: bigint | string | undefined
}

/** What {@link cancel} resolves to: cancels always execute. */
export type CancelReturnType = true

/** Every error {@link cancel} can fail with. */
export type CancelErrorType = ExecutionError | NoOrderIdsError | MissingChainConfigurationError | PluginRejectedError

/**
 * Cancels orders. Without any order id it fails with NoOrderIdsError
 * ('No order ids specified') before any request.
 *
 * @example
 * yield* cancel({ orderIds: ["0xabc…"] })
 */
export const cancel: (
  parameters: CancelParameters,
) => Effect.Effect<CancelReturnType, CancelErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.cancel")(
  function* (parameters: CancelParameters) {
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, parameters.chainId)
    if (parameters.orderIds.length === 0) return yield* new NoOrderIdsError()
    yield* runAction(parameters, {
      action: "cancel",
      chain,
      precheck: false,
      gas: parameters.gas,
      params: { orderIds: parameters.orderIds },
      options: parameters.options,
    })
    return true as const
  },
)
