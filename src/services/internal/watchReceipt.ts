import * as Effect from "effect/Effect"
import type { Client, Hex, ReplacementReturnType } from "viem"
import { waitForTransactionReceipt } from "viem/actions"
import { getAction } from "viem/utils"
import type { UserRejectedError, WalletError } from "../../errors/index.js"
import type { ReceiptOutcome, SentTransaction } from "../Wallet.js"
import { walletFailure } from "./walletFailure.js"

/**
 * Watches a transaction until it is mined or replaced, with viem's `waitForTransactionReceipt`: the receipt is
 * read at once (on a chain that has already mined it, that one read is the whole watch), then on every new block;
 * a replacement (sped up, cancelled, or another transaction with the same nonce) ends the watch with the
 * replacement's hash and viem's reason. `sent` (sender and nonce, known from the send) lets a replacement be
 * recognised before the node has ever returned the original. Interrupting the watch aborts it at once.
 *
 * A wait viem gives up on (a node that refuses the reads) fails with a WalletError: the wallet cannot tell, and the
 * caller relies on the API.
 */
export const watchReceipt = (
  client: Client,
  hash: Hex,
  intervalMs: number,
  sent?: SentTransaction,
): Effect.Effect<ReceiptOutcome, UserRejectedError | WalletError> =>
  Effect.tryPromise({
    try: (signal) => {
      let replaced: ReplacementReturnType | undefined
      return getAction(
        client,
        waitForTransactionReceipt,
        "waitForTransactionReceipt",
      )({
        hash,
        pollingInterval: intervalMs,
        timeout: 0,
        signal,
        onReplaced: (replacement) => {
          replaced = replacement
        },
        ...(sent === undefined ? {} : { replacement: sent }),
      }).then(
        (receipt): ReceiptOutcome =>
          replaced === undefined
            ? { _tag: "Mined", hash, status: receipt.status, blockNumber: receipt.blockNumber }
            : { _tag: "Replaced", hash: replaced.transaction.hash, reason: replaced.reason },
      )
    },
    catch: (cause) => walletFailure("waitForReceipt", cause),
  })
