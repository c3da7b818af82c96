import * as Effect from "effect/Effect"
import type { Account, Chain, Client, Hex } from "viem"
import { estimateFeesPerGas, estimateGas, prepareTransactionRequest } from "viem/actions"
import { getAction } from "viem/utils"
import type { WalletCallError } from "../../errors/index.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { GasEstimate, PreparedTransaction } from "../Wallet.js"
import { causeChain } from "./causeChain.js"
import { walletFailure } from "./walletFailure.js"

/** EIP-1474 "method not found" and "method not supported", and what viem names them. */
const UNSUPPORTED_CODES = new Set([-32601, -32004])
const UNSUPPORTED_NAMES = new Set(["MethodNotFoundRpcError", "MethodNotSupportedRpcError"])
const UNSUPPORTED_TEXT = /method .*(not found|does not exist|not supported|is not available|unsupported)/i

const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x(?:[0-9a-fA-F]{2})*$/.test(value)

/**
 * What a failed `eth_estimateGas` means: the node does not know the method (`Unsupported`); the transaction
 * reverts (`Reverted`, with the innermost revert data, as viem's `getRevertErrorData` finds it, and the node's
 * reason text); or anything else, a WalletError that the caller does not let block a send.
 * @internal
 */
export const classifyEstimateFailure = (cause: unknown): Effect.Effect<GasEstimate, WalletCallError> => {
  try {
    const chain = causeChain(cause)
    const unsupported = chain.some(
      (error) =>
        UNSUPPORTED_CODES.has(error.code as number) ||
        UNSUPPORTED_NAMES.has(error.name as string) ||
        (typeof error.details === "string" && UNSUPPORTED_TEXT.test(error.details)),
    )
    if (unsupported) return Effect.succeed({ _tag: "Unsupported" })
    const reverted = chain.find((error) => error.name === "ExecutionRevertedError" || error.code === 3)
    if (reverted === undefined) return Effect.fail(walletFailure("estimateGas", cause))
    const data = chain
      .map((error) =>
        typeof error.data === "object" && error.data !== null ? (error.data as { data?: unknown }).data : error.data,
      )
      .filter(isHex)
      .at(-1)
    const details = chain
      .map((error) => error.details)
      .filter((text): text is string => typeof text === "string" && text !== "")
      .at(-1)
    const message = details?.replace(/^execution reverted:?\s*/i, "")
    return Effect.succeed({
      _tag: "Reverted",
      ...(data !== undefined && data !== "0x" ? { data } : {}),
      ...(message ? { message } : {}),
    })
  } catch {
    return Effect.fail(walletFailure("estimateGas", cause))
  }
}

/**
 * Simulates `request` at the latest block with one `eth_estimateGas` (no preparation round trips: viem's own
 * nonce and fee look-ups are skipped, and the request's fee fields are left out so that only the call's own
 * outcome decides).
 * @internal
 */
export const estimateGasWith = (
  client: Client,
  request: TransactionRequest,
): Effect.Effect<GasEstimate, WalletCallError> =>
  Effect.tryPromise({
    try: () =>
      getAction(
        client,
        estimateGas,
        "estimateGas",
      )({
        account: request.from,
        to: request.to,
        ...(request.data !== undefined ? { data: request.data } : {}),
        ...(request.value !== undefined ? { value: request.value } : {}),
        blockTag: "latest",
        prepare: false,
      }),
    catch: (cause) => cause,
  }).pipe(
    Effect.map((gas): GasEstimate => ({ _tag: "Estimated", gas })),
    Effect.catch(classifyEstimateFailure),
  )

/** The chain's current max fee per gas: EIP-1559's when the chain has it, else the legacy gas price. @internal */
export const maxFeePerGasWith = (client: Client): Effect.Effect<bigint, WalletCallError> =>
  Effect.tryPromise({
    try: async () => {
      const fees = await getAction(client, estimateFeesPerGas, "estimateFeesPerGas")({ chain: client.chain })
      return fees.maxFeePerGas ?? fees.gasPrice ?? 0n
    },
    catch: (cause) => walletFailure("estimateFeesPerGas", cause),
  })

/**
 * Fills `request` for a local account with viem's `prepareTransactionRequest` — one `eth_fillTransaction` where
 * the node has it, else the separate reads — leaving out the step's own gas limit so the call is simulated: a revert
 * is `Reverted`; any other failure is a WalletError (the caller then sends the usual way).
 * @internal
 */
export const prepareWith = (
  client: Client,
  account: Account,
  chain: Chain,
  request: TransactionRequest,
): Effect.Effect<PreparedTransaction, WalletCallError> =>
  Effect.tryPromise({
    try: () =>
      getAction(
        client,
        prepareTransactionRequest,
        "prepareTransactionRequest",
      )({
        account,
        chain,
        to: request.to,
        ...(request.data !== undefined ? { data: request.data } : {}),
        ...(request.value !== undefined ? { value: request.value } : {}),
        ...(request.maxFeePerGas !== undefined ? { maxFeePerGas: request.maxFeePerGas } : {}),
        ...(request.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: request.maxPriorityFeePerGas } : {}),
      }),
    catch: (cause) => cause,
  }).pipe(
    Effect.map((filled): PreparedTransaction => {
      const fees = filled as { readonly maxFeePerGas?: bigint; readonly maxPriorityFeePerGas?: bigint }
      return {
        _tag: "Prepared",
        nonce: filled.nonce,
        request: {
          ...request,
          gas: request.gas ?? filled.gas,
          ...(fees.maxFeePerGas !== undefined ? { maxFeePerGas: fees.maxFeePerGas } : {}),
          ...(fees.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: fees.maxPriorityFeePerGas } : {}),
        },
      }
    }),
    Effect.catch((cause) =>
      Effect.flatMap(classifyEstimateFailure(cause), (estimate) =>
        estimate._tag === "Reverted"
          ? Effect.succeed(estimate)
          : Effect.fail(walletFailure("prepareTransaction", cause)),
      ),
    ),
  )
