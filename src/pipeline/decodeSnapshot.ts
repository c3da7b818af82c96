import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidSnapshotError } from "../errors/index.js"
import { Fees, PathEntry } from "../schema/ExecuteResponse.js"
import { ChainTxHash, OrderData, Step } from "../schema/Step.js"
import { copyPlain, PROTOTYPE_KEYS } from "../internal/copyPlain.js"
import type { ExecutionSnapshot } from "./ExecutionSnapshot.js"

const item = Schema.String

/** One entry of a stored journal (see `Journal`). */
const JournalEntry = Schema.Union([
  Schema.Struct({ _tag: Schema.Literal("Signed"), item, signature: Schema.String }),
  Schema.Struct({ _tag: Schema.Literal("Posted"), item, orderData: Schema.optional(Schema.Array(OrderData)) }),
  Schema.Struct({ _tag: Schema.Literal("PostRequested"), item }),
  Schema.Struct({
    _tag: Schema.Literal("SendRequested"),
    item,
    chainId: Schema.Number,
    from: Schema.String,
    nonce: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  }),
  Schema.Struct({ _tag: Schema.Literal("Sent"), item, chainId: Schema.Number, hash: ChainTxHash.fields.txHash }),
  Schema.Struct({ _tag: Schema.Literal("BatchRequested"), items: Schema.Array(item), chainId: Schema.Number, from: Schema.String }),
  Schema.Struct({ _tag: Schema.Literal("BatchSent"), items: Schema.Array(item), chainId: Schema.Number, id: Schema.String }),
  Schema.Struct({ _tag: Schema.Literal("BatchRejected"), items: Schema.Array(item) }),
])

/** A stored snapshot, as `resumeExecution` accepts it: the shape tradekit writes, unknown fields kept. */
const StoredSnapshot = Schema.Struct({
  status: Schema.Literals(["running", "complete", "error"]),
  request: Schema.Struct({ path: Schema.String.check(Schema.isStartingWith("/")), body: Schema.Unknown }),
  chainId: Schema.Int.check(Schema.isGreaterThan(0)),
  signature: Schema.optional(Schema.String),
  steps: Schema.Array(Step),
  path: Schema.optional(Schema.NullOr(Schema.Array(PathEntry))),
  fees: Schema.optional(Fees),
  requestId: Schema.optional(Schema.String),
  txHashes: Schema.optional(Schema.Array(ChainTxHash)),
  journal: Schema.optional(Schema.Array(JournalEntry)),
})

const decodeStored = Schema.decodeUnknownEffect(StoredSnapshot, { errors: "all" })

/**
 * Decodes a snapshot given to resume — it may come from storage anyone could have changed — into one the
 * executor can trust; anything else is an InvalidSnapshotError, before any request or wallet call.
 */
export const decodeSnapshot = (input: unknown): Effect.Effect<ExecutionSnapshot, InvalidSnapshotError> =>
  Effect.try({
    // Prototype-safe, as the API's answers are: a stored `__proto__` key never becomes a prototype.
    try: () => copyPlain(input, { dropKeys: PROTOTYPE_KEYS }),
    catch: () => InvalidSnapshotError.of({ issue: "the snapshot is nested too deeply" }),
  }).pipe(
    Effect.flatMap((safe) =>
      decodeStored(safe).pipe(
        Effect.mapError((error) => InvalidSnapshotError.of({ issue: error.message })),
        // Unknown top-level fields are kept, as they were stored (v4 decoding drops them).
        Effect.map((snapshot) => ({ ...(safe as object), ...snapshot })),
      ),
    ),
    Effect.map((snapshot) => ({ ...snapshot, txHashes: snapshot.txHashes ?? [] }) as ExecutionSnapshot),
  )
