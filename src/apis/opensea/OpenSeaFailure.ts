import { APIError, type ApiRequestError } from "../../errors/index.js"

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
    /** The typed error of the request that failed, when one did. */
    readonly cause?: ApiRequestError | undefined,
  ) {}
}

/** The typed error a failure is to the executor. */
export const apiErrorOf = (failure: OpenSeaFailure, endpoint: string): ApiRequestError =>
  failure.cause ??
  new APIError({
    message: failure.message,
    statusCode: failure.status,
    endpoint,
    ...(failure.retryAfter !== undefined && Number.isFinite(Number(failure.retryAfter)) ? { retryAfterMs: Number(failure.retryAfter) * 1000 } : {}),
  })
