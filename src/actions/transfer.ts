import * as Effect from "effect/Effect"
import type { Address } from "viem"
import type { ExecutionError, MissingChainConfigurationError, PluginRejectedError } from "../errors/index.js"
import type { Step } from "../schema/Step.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"
import { walletAddress } from "./internal/walletAddress.js"

/** The parameters of {@link transfer}. */
export interface TransferParameters extends CommonActionParameters {
  /** The recipient. */
  readonly to: Address
  /** What to send: `{ token: "contract:tokenId", quantity? }`. */
  readonly items: ReadonlyArray<ApiObject>
  /** Only fetch the steps, without executing them. */
  readonly precheck?: boolean | undefined
}

/** What {@link transfer} resolves to: the steps for a precheck, else `true`. */
export type TransferReturnType = ReadonlyArray<Step> | true

/** Every error {@link transfer} can fail with. */
export type TransferErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * Transfers tokens from the connected wallet to `to`.
 *
 * @example
 * yield* transfer({ to: friend, items: [{ token: `${nft}:42`, quantity: 1 }] })
 */
export const transfer: (
  parameters: TransferParameters,
) => Effect.Effect<TransferReturnType, TransferErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn(
  "tradekit.transfer",
)(function* (parameters: TransferParameters) {
  const config = yield* ClientConfig
  const chain = yield* tradingChain(config, parameters.chainId)
  const from = yield* walletAddress
  const result = yield* runAction(parameters, {
    action: "transfer",
    chain,
    precheck: parameters.precheck === true,
    params: { to: parameters.to, from, items: parameters.items },
  })
  return result === true ? result : result.steps
})
