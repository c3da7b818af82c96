import * as Effect from "effect/Effect"
import { type Abi, type Address, encodeFunctionData, type Hex } from "viem"
import type { ExecutionError, MissingChainConfigurationError, PluginRejectedError } from "../errors/index.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import { ClientConfig } from "../services/ClientConfig.js"
import type { OrderBook } from "../services/OrderBook.js"
import type { Wallet } from "../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
import { runAction } from "./internal/runAction.js"
import { tradingChain } from "./internal/tradingChain.js"
import { walletAddress } from "./internal/walletAddress.js"

/** A transaction to run on the destination chain, already encoded. */
export interface CallTransaction {
  readonly to: Address
  readonly data?: Hex | undefined
  readonly value?: bigint | string | undefined
}

/** A transaction to run on the destination chain, as a viem contract call; encoded into `{ to, data, value }`. */
export interface CallContractRequest {
  readonly address: Address
  readonly abi: Abi | ReadonlyArray<unknown>
  readonly functionName: string
  readonly args?: ReadonlyArray<unknown> | undefined
  readonly value?: bigint | string | undefined
}

/** The parameters of {@link call}. */
export interface CallParameters extends CommonActionParameters {
  readonly txs: ReadonlyArray<CallTransaction | CallContractRequest>
  /** The chain the transactions run on; its API handles the request. */
  readonly toChainId: number
  /** Any other field the book takes for a call (the Reservoir protocol's call body, say). */
  readonly options?: ApiObject | undefined
  /** Only fetch the steps and fees, without executing them. */
  readonly precheck?: boolean | undefined
}

/** What {@link call} resolves to: the API's whole answer (with its `fees`) for a precheck, else `true`. */
export type CallReturnType = ExecuteResponse | true

/** Every error {@link call} can fail with. */
export type CallErrorType = ExecutionError | MissingChainConfigurationError | PluginRejectedError

/**
 * A transaction as the API takes it: a contract call is encoded with viem, a value becomes a decimal string,
 * and a missing value is sent as `"0"` (the older SDK's wire format).
 */
export const encodeCallTransaction = (tx: CallTransaction | CallContractRequest): ApiObject => {
  const value = tx.value?.toString() ?? "0"
  if ("abi" in tx) {
    const data = encodeFunctionData({
      abi: tx.abi as Abi,
      functionName: tx.functionName,
      args: tx.args as ReadonlyArray<unknown>,
    })
    return { to: tx.address, data, value }
  }
  return { ...tx, value }
}

/**
 * Runs transactions on another chain, paid for from the active (or `chainId`) chain
 * (planned by the destination chain's book). Both chains must be configured.
 *
 * @example
 * yield* call({ toChainId: 8453, txs: [{ address: nft, abi, functionName: "mint", args: [1n], value: 10n ** 15n }] })
 */
export const call: (
  parameters: CallParameters,
) => Effect.Effect<CallReturnType, CallErrorType, OrderBook | Wallet | ClientConfig> = Effect.fn("tradekit.call")(
  function* (parameters: CallParameters) {
    const config = yield* ClientConfig
    const origin = yield* tradingChain(config, parameters.chainId)
    const destination = yield* tradingChain(config, parameters.toChainId)
    const user = yield* walletAddress
    return yield* runAction(parameters, {
      action: "call",
      chain: destination,
      precheck: parameters.precheck === true,
      params: { user, txs: parameters.txs.map(encodeCallTransaction), originChainId: origin.id },
      options: parameters.options,
    })
  },
)
