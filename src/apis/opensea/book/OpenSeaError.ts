import * as Schema from "effect/Schema"
import {
  APIError,
  BookConfigurationError,
  HttpRequestError,
  MalformedResponseError,
  OrderCheckError,
  type OrderCheckRule,
  RetryAfterTooLongError,
  UnsafeEndpointError,
  UnsupportedByBookError,
} from "../../../errors/index.js"
import { OpenSeaReason, type OpenSeaReasonTag } from "./OpenSeaReason.js"

/** The facts a check lists under its short message (expected and got values, ...). */
type Facts = Readonly<Record<string, string | number | bigint | undefined>>

/** The facts as the error keeps them: text, nothing undefined. */
const factsOf = (facts: Facts): Record<string, string> =>
  Object.fromEntries(
    Object.entries(facts).flatMap(([label, value]) => (value === undefined ? [] : [[label, String(value)]])),
  )

/** A request's typed error (see ApiRequestError), kept so that the book's edge hands it on unchanged. */
const RequestError = Schema.Union([
  APIError,
  HttpRequestError,
  MalformedResponseError,
  UnsafeEndpointError,
  RetryAfterTooLongError,
])

/**
 * Why the OpenSea book could not plan, post or read: a `reason` (what OpenSea answered, or what the book refused),
 * the short `message` that says it, the `facts` behind it, and the request's own typed error when a request failed.
 * Only the book's edge turns it into the public errors the executor knows (see edgeError).
 */
export class OpenSeaError extends Schema.TaggedError<OpenSeaError>()("OpenSeaError", {
  reason: OpenSeaReason,
  message: Schema.String,
  facts: Schema.optional(Schema.Record(Schema.String, Schema.String)),
  requestError: Schema.optional(RequestError),
}) {
  /** An error for `reason`, said by `message`. */
  static because(reason: OpenSeaReason, message: string): OpenSeaError {
    return new OpenSeaError({ reason, message })
  }

  /** OpenSea has no such thing. */
  static notFound(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "NotFound" }, message)
  }

  /** OpenSea no longer sells it. */
  static gone(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "Gone" }, message)
  }

  /** What tradekit was asked to send is unusable. */
  static invalid(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "Invalid" }, message)
  }

  /** OpenSea's answer cannot be read. */
  static unreadable(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "Unreadable" }, message)
  }

  /** The chain's RPC failed a read. */
  static chainFailed(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "ChainFailed" }, message)
  }

  /** The chain cannot say yet. */
  static notYet(message: string): OpenSeaError {
    return OpenSeaError.because({ _tag: "NotYet" }, message)
  }

  /** A check of what OpenSea answered refused it (see OrderCheckError). */
  static failedCheck(check: OrderCheckRule, short: string, facts?: Facts): OpenSeaError {
    const error = OrderCheckError.of({ book: "opensea", check, short, ...(facts !== undefined ? { facts } : {}) })
    return new OpenSeaError({
      reason: { _tag: "CheckFailed", error },
      message: error.message,
      ...(facts !== undefined ? { facts: factsOf(facts) } : {}),
    })
  }

  /** The error that stands for an OrderCheckError. */
  static refusedBy(error: OrderCheckError): OpenSeaError {
    return OpenSeaError.because({ _tag: "CheckFailed", error }, error.message)
  }

  /** Something OpenSea cannot do, asked of it (see UnsupportedByBookError). */
  static unsupported(what: string, details: string): OpenSeaError {
    const error = UnsupportedByBookError.of({ book: "opensea", what, details })
    return OpenSeaError.because({ _tag: "Unsupported", error }, error.message)
  }

  /** The client's settings lack `add` on chain `chainId` (see BookConfigurationError). */
  static misconfigured(chainId: number, add: string): OpenSeaError {
    const error = BookConfigurationError.of({ book: "opensea", chainId, add })
    return OpenSeaError.because({ _tag: "Misconfigured", error }, error.message)
  }
}

/** Whether `error` failed for one of `reasons`. */
export const isFor =
  (...reasons: ReadonlyArray<OpenSeaReasonTag>) =>
  (error: OpenSeaError): boolean =>
    reasons.includes(error.reason._tag)
