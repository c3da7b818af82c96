import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidSnapshotError } from "../../errors/index.js"
import { copyPlain, PROTOTYPE_KEYS } from "../../internal/copyPlain.js"
import { ActionName } from "../../schema/ActionName.js"
import { isNonNegative, isPositive, isStartingWith } from "../../schema/checks.js"
import { ExecuteError, Fees, PathEntry } from "../../schema/ExecuteResponse.js"
import { ChainTxHash, OrderData, Post, Step } from "../../schema/Step.js"
import type { ExecutionSnapshot } from "../ExecutionSnapshot.js"

const item = Schema.String

/** One entry of a stored journal (see `Journal`). */
const JournalEntry = Schema.Union([
  Schema.Struct({ _tag: Schema.Literal("Signed"), item, signature: Schema.String, post: Schema.optional(Post) }),
  Schema.Struct({ _tag: Schema.Literal("Posted"), item, orderData: Schema.optional(Schema.Array(OrderData)) }),
  Schema.Struct({ _tag: Schema.Literal("PostRequested"), item }),
  Schema.Struct({
    _tag: Schema.Literal("SendRequested"),
    item,
    chainId: Schema.Number,
    from: Schema.String,
    nonce: Schema.optional(Schema.Int.check(isNonNegative)),
    exactNonce: Schema.optional(Schema.Boolean),
  }),
  Schema.Struct({ _tag: Schema.Literal("SendRejected"), item }),
  Schema.Struct({ _tag: Schema.Literal("Sent"), item, chainId: Schema.Number, hash: ChainTxHash.fields.txHash }),
  Schema.Struct({
    _tag: Schema.Literal("BatchRequested"),
    items: Schema.Array(item),
    chainId: Schema.Number,
    from: Schema.String,
    sponsored: Schema.optional(Schema.Boolean),
  }),
  Schema.Struct({
    _tag: Schema.Literal("BatchSent"),
    items: Schema.Array(item),
    chainId: Schema.Number,
    id: Schema.String,
    sponsored: Schema.optional(Schema.Boolean),
  }),
  Schema.Struct({ _tag: Schema.Literal("BatchRejected"), items: Schema.Array(item) }),
  Schema.Struct({ _tag: Schema.Literal("BatchRefused"), items: Schema.Array(item), reason: Schema.String }),
])

/** An expected price as a snapshot stores it (plain JSON: `raw` as a decimal string). */
const StoredExpectedPrice = Schema.Struct({
  amount: Schema.optional(Schema.Number),
  raw: Schema.optional(Schema.String),
  currencyAddress: Schema.optional(Schema.String),
  currencyDecimals: Schema.optional(Schema.Number),
})

/**
 * A stored snapshot, as `resumeExecution` accepts it: the shape tradekit writes, unknown fields kept. Its
 * request's `action` is optional only because snapshots stored before the request named its action lack it; it
 * must agree with the request's path (see `actionOf`).
 */
const StoredSnapshot = Schema.Struct({
  status: Schema.Literals(["running", "complete", "error"]),
  request: Schema.Struct({
    action: Schema.optional(ActionName),
    path: Schema.String.check(isStartingWith("/")),
    body: Schema.Unknown,
    expectedPrice: Schema.optional(Schema.Record(Schema.String, StoredExpectedPrice)),
  }),
  chainId: Schema.Int.check(isPositive),
  signature: Schema.optional(Schema.String),
  steps: Schema.Array(Step),
  path: Schema.optional(Schema.NullOr(Schema.Array(PathEntry))),
  fees: Schema.optional(Fees),
  requestId: Schema.optional(Schema.String),
  errors: Schema.optional(Schema.Array(ExecuteError)),
  txHashes: Schema.optional(Schema.Array(ChainTxHash)),
  journal: Schema.optional(Schema.Array(JournalEntry)),
})

const decodeStored = Schema.decodeUnknownEffect(StoredSnapshot, { errors: "all" })

/** The path of an execute request: `/execute/<action>/v<version>`, nothing before or after. */
const executePathPattern = /^\/execute\/([a-z]+)\/v[0-9]+$/

/**
 * The action a stored request runs, as its path says: the path is what a resume re-posts, so it — never a label
 * stored beside it — decides what the resume checks (a buy's price, a sale's proceeds). A stored `action` that
 * names another action than the path is refused, as is a path that is not an action's; a snapshot stored by an
 * older tradekit, whose request named only its path, takes the path's action.
 */
const actionOf = (request: {
  readonly action?: ActionName | undefined
  readonly path: string
}): Effect.Effect<ActionName, InvalidSnapshotError> => {
  const segment = executePathPattern.exec(request.path)?.[1]
  if (!Schema.is(ActionName)(segment)) {
    return Effect.fail(
      InvalidSnapshotError.of({ issue: `its request's path ${request.path} is not the path of an action` }),
    )
  }
  return request.action === undefined || request.action === segment
    ? Effect.succeed(segment)
    : Effect.fail(
        InvalidSnapshotError.of({
          issue: `its request names the action "${request.action}", but its path ${request.path} runs "${segment}"`,
        }),
      )
}

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
    Effect.flatMap((snapshot) =>
      Effect.map(
        actionOf(snapshot.request),
        (action) =>
          ({
            ...snapshot,
            request: { ...snapshot.request, action },
            txHashes: snapshot.txHashes ?? [],
          }) as ExecutionSnapshot,
      ),
    ),
  )
