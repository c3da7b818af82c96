import {
  APIError,
  type ApiRequestError,
  BookConfigurationError,
  OrderCheckError,
  type OrderCheckRule,
  UnsupportedByBookError,
} from "../../../errors/index.js"

/**
 * Why the OpenSea book could not plan or post: OpenSea's own refusal (its status and message, and the
 * `retry-after` it asked for), input it cannot read, or a failure on the way (the chain, the network). At the
 * book's edge it becomes the typed error it came as, else an APIError with this status and message.
 */
export class OpenSeaFailure {
  readonly _tag = "OpenSeaFailure"
  constructor(
    readonly status: number,
    readonly message: string,
    readonly retryAfter?: string | undefined,
    /** The typed error it stands for: a failed request's, a check's, an unsupported option's. */
    readonly cause?: ApiRequestError | OrderCheckError | UnsupportedByBookError | BookConfigurationError | undefined,
  ) {}

  /** A check of what OpenSea answered refused it (see OrderCheckError). */
  static check(
    check: OrderCheckRule,
    short: string,
    facts?: Readonly<Record<string, string | number | bigint | undefined>>,
  ): OpenSeaFailure {
    return OpenSeaFailure.refusedBy(
      OrderCheckError.of({ book: "opensea", check, short, ...(facts !== undefined ? { facts } : {}) }),
    )
  }

  /** The failure that stands for an OrderCheckError. */
  static refusedBy(error: OrderCheckError): OpenSeaFailure {
    return new OpenSeaFailure(422, error.message, undefined, error)
  }

  /** Something OpenSea cannot do, asked of it (see UnsupportedByBookError). */
  static unsupported(what: string, details: string): OpenSeaFailure {
    const error = UnsupportedByBookError.of({ book: "opensea", what, details })
    return new OpenSeaFailure(400, error.message, undefined, error)
  }

  /** The client's settings lack `add` on chain `chainId` (see BookConfigurationError). */
  static misconfigured(chainId: number, add: string): OpenSeaFailure {
    const error = BookConfigurationError.of({ book: "opensea", chainId, add })
    return new OpenSeaFailure(400, error.message, undefined, error)
  }
}

/** The APIError of a failure that stands for no typed error of its own. */
const apiErrorOf = (failure: OpenSeaFailure, endpoint: string): APIError =>
  new APIError({
    message: failure.message,
    statusCode: failure.status,
    endpoint,
    book: "opensea",
    ...(failure.retryAfter !== undefined && Number.isFinite(Number(failure.retryAfter))
      ? { retryAfterMs: Number(failure.retryAfter) * 1000 }
      : {}),
  })

/** The typed error a failure is to the executor. */
export const errorOf = (
  failure: OpenSeaFailure,
  endpoint: string,
): ApiRequestError | OrderCheckError | UnsupportedByBookError | BookConfigurationError =>
  failure.cause ?? apiErrorOf(failure, endpoint)

/** The request error a failure of a request (a post, a read) is: its own, else an APIError. */
export const requestErrorOf = (failure: OpenSeaFailure, endpoint: string): ApiRequestError =>
  failure.cause !== undefined &&
  failure.cause._tag !== "OrderCheckError" &&
  failure.cause._tag !== "UnsupportedByBookError" &&
  failure.cause._tag !== "BookConfigurationError"
    ? failure.cause
    : apiErrorOf(failure, endpoint)
