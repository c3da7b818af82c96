import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidSnapshotError } from "../../errors/index.js"
import { copyPlain, PROTOTYPE_KEYS } from "../../internal/copyPlain.js"
import { ActionName } from "../../schema/ActionName.js"
import { isNonNegative, isPositive, isStartingWith } from "../../schema/checks.js"
import { ExecuteError, Fees, PathEntry } from "../../schema/ExecuteResponse.js"
import { ChainTxHash, OrderData, Post, Step } from "../../schema/Step.js"
import { StoredExpectedPrice, StoredTradeRequest, type TradeRequest } from "../../schema/TradeRequest.js"
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

/** A request as tradekit up to 0.x stored it: the route it was posted to and its body, translated on decoding. */
const StoredRouteRequest = Schema.Struct({
  action: Schema.optional(ActionName),
  path: Schema.String.check(isStartingWith("/")),
  body: Schema.Unknown,
  expectedPrice: Schema.optional(Schema.Record(Schema.String, StoredExpectedPrice)),
})

/**
 * A stored snapshot, as `resumeExecution` accepts it: the shape tradekit writes, unknown fields kept. Its request is
 * the typed request of one action, or the route and body an earlier tradekit stored (see `StoredRouteRequest`).
 */
const StoredSnapshot = Schema.Struct({
  status: Schema.Literals(["running", "complete", "error"]),
  request: Schema.Union([StoredTradeRequest, StoredRouteRequest]),
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

/** Translates a request an earlier tradekit stored as a route and body into the typed request it runs. */
export type RouteRequestTranslator = (
  stored: typeof StoredRouteRequest.Type,
) => Effect.Effect<TradeRequest, InvalidSnapshotError>

const isBothShapes = (request: unknown): boolean =>
  typeof request === "object" && request !== null && "params" in request && "path" in request

/**
 * Decodes a snapshot given to resume — it may come from storage anyone could have changed — into one the
 * executor can trust; anything else is an InvalidSnapshotError, before any request or wallet call.
 */
export const decodeSnapshot = (
  input: unknown,
  fromRoute: RouteRequestTranslator,
): Effect.Effect<ExecutionSnapshot, InvalidSnapshotError> =>
  Effect.try({
    // Prototype-safe, as the API's answers are: a stored `__proto__` key never becomes a prototype.
    try: () => copyPlain(input, { dropKeys: PROTOTYPE_KEYS }),
    catch: () => InvalidSnapshotError.of({ issue: "the snapshot is nested too deeply" }),
  }).pipe(
    // A request that is both a typed request and a route could be read either way: neither is trusted.
    Effect.filterOrFail(
      (safe) => !isBothShapes((safe as { readonly request?: unknown } | null)?.request),
      () => InvalidSnapshotError.of({ issue: "its request is both a typed request and a route with a body" }),
    ),
    Effect.flatMap((safe) =>
      decodeStored(safe).pipe(
        Effect.mapError((error) => InvalidSnapshotError.of({ issue: error.message })),
        // Unknown top-level fields are kept, as they were stored (v4 decoding drops them).
        Effect.map((snapshot) => ({ ...(safe as object), ...snapshot })),
      ),
    ),
    Effect.flatMap((snapshot) =>
      Effect.map(
        "path" in snapshot.request ? fromRoute(snapshot.request) : Effect.succeed(snapshot.request as TradeRequest),
        (request) => ({ ...snapshot, request, txHashes: snapshot.txHashes ?? [] }) as ExecutionSnapshot,
      ),
    ),
  )
