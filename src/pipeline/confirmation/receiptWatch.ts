import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Hex } from "viem"
import { TransactionCancelledError, TransactionFailedError } from "../../errors/index.js"
import type { ReceiptOutcome } from "../../services/Wallet.js"
import type { ExecutionContext } from "../ExecutionContext.js"
import type { ConfirmTarget, Settled } from "./ConfirmTarget.js"

/** The wallet's word on the transaction; None when the wallet cannot tell (some cannot read receipts). */
export const watchReceipt = (
  ctx: ExecutionContext,
  target: ConfirmTarget,
  hash: Hex,
): Effect.Effect<Option.Option<ReceiptOutcome>> =>
  ctx.wallet
    .waitForReceipt({ chain: target.chain, hash, ...(target.sent !== undefined ? { sent: target.sent } : {}) })
    .pipe(
      Effect.map(Option.some),
      Effect.catch((error) =>
        Effect.as(
          Effect.logDebug(`tradekit: receipt watch failed, relying on the API: ${error.message}`),
          Option.none(),
        ),
      ),
    )

/**
 * What a receipt settles: a revert or a cancelling replacement fails the wait, another replacement switches hash;
 * a successful receipt (None) settles nothing by itself, since the API's word is still needed (its fill hashes, the
 * indexer).
 */
export const verdictOf = (
  hash: Hex,
  outcome: ReceiptOutcome,
): Effect.Effect<Option.Option<Settled>, TransactionFailedError | TransactionCancelledError> => {
  if (outcome._tag === "Replaced") {
    return outcome.reason === "cancelled"
      ? Effect.fail(new TransactionCancelledError({ txHash: hash }))
      : Effect.succeed(Option.some({ _tag: "Replaced", hash: outcome.hash }))
  }
  return outcome.status === "reverted"
    ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "reverted" }))
    : Effect.succeed(Option.none())
}
