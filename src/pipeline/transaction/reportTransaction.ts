import * as Effect from "effect/Effect"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Hex } from "viem"
import type { ExecutionContext } from "../ExecutionContext.js"

/**
 * Tells the order book about a transaction of its plan (the Reservoir protocol's results post), with the error
 * that ended it when one did. Detached: neither the end nor the interruption of the execution stops it; the time
 * limit does, and its failure is only logged. Nothing is told when the plan has no request id or the book hears
 * no reports.
 * @internal
 */
export const reportTransaction = (ctx: ExecutionContext, stepId: string, txHash: Hex, errorMessage?: string) =>
  Effect.gen(function* () {
    const snapshot = yield* SynchronizedRef.get(ctx.state)
    const report = ctx.book.report
    if (snapshot.requestId === undefined || report === undefined) return
    yield* Effect.forkDetach(
      report({ requestId: snapshot.requestId, txHash, stepId, errorMessage }).pipe(
        Effect.timeout(ctx.config.settings.resultsPostTimeout),
        Effect.catch((error) => Effect.logDebug(`tradekit: results post failed: ${error.message}`)),
      ),
      { startImmediately: true },
    )
  })
