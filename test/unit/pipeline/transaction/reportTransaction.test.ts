import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { ExecutionContext } from "../../../../src/pipeline/ExecutionContext.js"
import { reportTransaction } from "../../../../src/pipeline/transaction/reportTransaction.js"
import type { TransactionReport } from "../../../../src/services/OrderBook.js"

const HASH = `0x${"ab".repeat(32)}` as const

/** The part of an execution a report reads: its snapshot's request id, the book's `report`, the time limit. */
const contextWith = (
  requestId: string | undefined,
  report: ((r: TransactionReport) => Effect.Effect<void>) | undefined,
) =>
  Effect.map(SynchronizedRef.make({ requestId }), (state) => ({
    state,
    book: { report },
    config: { settings: { resultsPostTimeout: 1000 } },
  })) as unknown as Effect.Effect<ExecutionContext>

describe("reportTransaction", () => {
  it.effect("tells the book the plan's request id, the step, the hash and the error that ended it", () =>
    Effect.gen(function* () {
      const reports: Array<TransactionReport> = []
      const ctx = yield* contextWith("req-1", (report) => Effect.sync(() => void reports.push(report)))
      yield* reportTransaction(ctx, "sale", HASH, "reverted")
      expect(reports).toEqual([{ requestId: "req-1", txHash: HASH, stepId: "sale", errorMessage: "reverted" }])
    }),
  )

  it.effect("tells nothing when the plan has no request id", () =>
    Effect.gen(function* () {
      const reports: Array<TransactionReport> = []
      const ctx = yield* contextWith(undefined, (report) => Effect.sync(() => void reports.push(report)))
      yield* reportTransaction(ctx, "sale", HASH)
      expect(reports).toEqual([])
    }),
  )

  it.effect("never waits for the book, and a report that fails is not the execution's failure", () =>
    Effect.gen(function* () {
      const ctx = yield* contextWith("req-1", () => Effect.never)
      // A book that never answers: the report returns at once all the same.
      yield* reportTransaction(ctx, "sale", HASH)
      const failed = yield* contextWith("req-1", () => Effect.fail({ message: "down" }) as never)
      yield* reportTransaction(failed, "sale", HASH)
    }),
  )
})
