import * as Effect from "effect/Effect"
import type { Account, Chain, Client } from "viem"
import { sendTransactionSync } from "viem/actions"
import { getAction } from "viem/utils"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { SentWithReceipt } from "../Wallet.js"
import { causeChain } from "./causeChain.js"
import { walletFailure } from "./walletFailure.js"

/** JSON-RPC's "method not found" and "invalid params": the node did not take the transaction. */
const NOT_TAKEN = new Set([-32601, -32602])

const notTaken = (cause: unknown): boolean => {
  try {
    return causeChain(cause).some(
      (error) => NOT_TAKEN.has(error.code as number) || error.name === "MethodNotFoundRpcError" || error.name === "InvalidParamsRpcError",
    )
  } catch {
    return false
  }
}

/**
 * Signs a filled transaction with a local account and sends it with `eth_sendRawTransactionSync` (EIP-7966), so the
 * receipt comes back in the same round trip. A node that lacks the method or refuses its parameters answers
 * `undefined`: it took nothing, and the caller sends the usual way (with the same nonce, so at most one lands).
 * @internal
 */
export const sendWithReceipt = (
  client: Client,
  account: Account,
  chain: Chain,
  request: TransactionRequest,
  nonce: number,
): Effect.Effect<SentWithReceipt | undefined, ReturnType<typeof walletFailure>> =>
  Effect.tryPromise({
    try: () =>
      getAction(
        client,
        sendTransactionSync,
        "sendTransactionSync",
      )({
        account,
        chain,
        to: request.to,
        data: request.data,
        value: request.value,
        gas: request.gas,
        nonce,
        ...(request.maxFeePerGas !== undefined ? { maxFeePerGas: request.maxFeePerGas } : {}),
        ...(request.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: request.maxPriorityFeePerGas } : {}),
      } as Parameters<typeof sendTransactionSync>[1]).then(
        (receipt): SentWithReceipt => ({ hash: receipt.transactionHash, status: receipt.status, blockNumber: receipt.blockNumber }),
        (cause: unknown) => {
          if (notTaken(cause)) return undefined
          throw cause
        },
      ),
    catch: (cause) => walletFailure("sendTransactionSync", cause),
  })
