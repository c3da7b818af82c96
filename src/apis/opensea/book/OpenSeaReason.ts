import * as Schema from "effect/Schema"
import { BookConfigurationError, OrderCheckError, UnsupportedByBookError } from "../../../errors/index.js"

/** OpenSea has no such thing: no order with that hash, no collection for that contract. */
export const NotFound = Schema.TaggedStruct("NotFound", {})
/** OpenSea had it but no longer sells it: a listing filled, cancelled or expired. */
export const Gone = Schema.TaggedStruct("Gone", {})
/** OpenSea throttled the request and stored nothing; `retryAfterMs` is the wait it asked for, when it gave one. */
export const Throttled = Schema.TaggedStruct("Throttled", { retryAfterMs: Schema.optional(Schema.Number) })
/** OpenSea refused the request as asked (its message says why): a fill it will not build, a post it will not take. */
export const BadRequest = Schema.TaggedStruct("BadRequest", {})
/** Any other refusal of OpenSea's (a key it does not take, a conflict, ...), with the status it answered. */
export const Refused = Schema.TaggedStruct("Refused", { statusCode: Schema.Number })
/** OpenSea failed on its side (a 5xx), with the status it answered. */
export const Unavailable = Schema.TaggedStruct("Unavailable", { statusCode: Schema.Number })
/** OpenSea could not be reached: the network failed, the request timed out or was redirected away. */
export const Unreachable = Schema.TaggedStruct("Unreachable", {})
/** What tradekit was asked to send OpenSea is unusable before any request: not an order id, a listing twice, ... */
export const Invalid = Schema.TaggedStruct("Invalid", {})
/** OpenSea answered with something tradekit cannot read (another shape, a number that is not one). */
export const Unreadable = Schema.TaggedStruct("Unreadable", {})
/** A check of what OpenSea handed out refused it before anything was signed or sent. */
export const CheckFailed = Schema.TaggedStruct("CheckFailed", { error: OrderCheckError })
/** The request asks for something OpenSea's book cannot do (a `source`, fees on top, a chain it does not serve). */
export const Unsupported = Schema.TaggedStruct("Unsupported", { error: UnsupportedByBookError })
/** The client's settings lack what the book needs on the chain (an RPC URL, a chain's addresses). */
export const Misconfigured = Schema.TaggedStruct("Misconfigured", { error: BookConfigurationError })
/** The chain's RPC failed a read the book makes (an allowance, a counter, a receipt). */
export const ChainFailed = Schema.TaggedStruct("ChainFailed", {})
/** The chain cannot say yet (no receipt for a transaction sent): asking again later may answer. */
export const NotYet = Schema.TaggedStruct("NotYet", {})

/** Why the OpenSea book failed: what OpenSea answered (read by the wire), or what the book refused itself. */
export const OpenSeaReason = Schema.Union([
  NotFound,
  Gone,
  Throttled,
  BadRequest,
  Refused,
  Unavailable,
  Unreachable,
  Invalid,
  Unreadable,
  CheckFailed,
  Unsupported,
  Misconfigured,
  ChainFailed,
  NotYet,
])
/** One reason of {@link OpenSeaReason}. */
export type OpenSeaReason = typeof OpenSeaReason.Type

/** The name of a reason (`"NotFound"`, `"Throttled"`, ...). */
export type OpenSeaReasonTag = OpenSeaReason["_tag"]
