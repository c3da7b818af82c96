import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { PollTimeoutError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import { pollAnswer } from "../polling/pollAnswer.js"
import type { ChainTxHash, Step, TransferRecord } from "../schema/Step.js"
import type { ExecutionContext } from "./ExecutionContext.js"

/** True when the book confirms a step's transactions through its transfers index, and the item has some. */
export const needsTransfers = (ctx: ExecutionContext, step: Step, txHashes: ReadonlyArray<ChainTxHash> | undefined) =>
  (txHashes?.length ?? 0) > 0 &&
  ctx.book.transfers !== undefined &&
  ctx.book.awaitsTransfers?.(ctx.action, step) === true

/**
 * Asks the order book for the transfers of the item's transactions until it has indexed every one (none when the
 * book keeps no transfers), then returns the ones that concern the user: of a token on the route, sent by them on a
 * sell, received otherwise.
 */
export const awaitTransfers = (ctx: ExecutionContext, txHashes: ReadonlyArray<ChainTxHash>) =>
  Effect.gen(function* () {
    const hashes = txHashes.map((entry) => entry.txHash)
    const ask = ctx.book.transfers
    if (ask === undefined) return []
    const transfers = yield* pollAnswer(
      ask(hashes),
      (answer) => {
        const indexed = new Set((answer.transfers ?? []).map((transfer) => transfer.txHash.toLowerCase()))
        return Effect.succeed(
          hashes.every((hash) => indexed.has(hash.toLowerCase())) ? Option.some(answer.transfers ?? []) : Option.none(),
        )
      },
      {
        interval: ctx.pollingInterval,
        attempts: ctx.maxAttempts,
        onExhausted: (attempts) => PollTimeoutError.of({ kind: "ok", attempts }),
      },
    )
    const user = (yield* ctx.wallet.address).toLowerCase()
    const snapshot = yield* SynchronizedRef.get(ctx.state)
    const contracts = new Set(
      (snapshot.path ?? []).flatMap((entry) => (entry.contract ? [entry.contract.toLowerCase()] : [])),
    )
    const concernsUser = (transfer: TransferRecord): boolean => {
      const onRoute = contracts.size === 0 || contracts.has(transfer.token?.contract.toLowerCase() ?? "")
      const party = ctx.action === "sell" ? transfer.from : transfer.to
      return onRoute && party?.toLowerCase() === user
    }
    return transfers.filter(concernsUser)
  }).pipe(Effect.withSpan("tradekit.awaitTransfers", undefined, NO_STACK))
