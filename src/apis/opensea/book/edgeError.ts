import {
  APIError,
  type ApiRequestError,
  type BookConfigurationError,
  type OrderCheckError,
  type UnsupportedByBookError,
} from "../../../errors/index.js"
import { statusOfReason } from "../wire/statusReasons.js"
import type { OpenSeaError } from "./OpenSeaError.js"

/** The APIError of an error that stands for no typed error of its own: its reason's status and its message. */
const apiErrorOf = (error: OpenSeaError, endpoint: string): APIError =>
  new APIError({
    message: error.message,
    statusCode: statusOfReason(error.reason),
    endpoint,
    book: "opensea",
    ...(error.reason._tag === "Throttled" && error.reason.retryAfterMs !== undefined
      ? { retryAfterMs: error.reason.retryAfterMs }
      : {}),
  })

/**
 * The typed error an OpenSeaError is to the executor at the book's edge: the failed request's own, the check's, the
 * unsupported option's or the missing setting's, else an APIError with its reason's status and its message.
 */
export const errorOf = (
  error: OpenSeaError,
  endpoint: string,
): ApiRequestError | OrderCheckError | UnsupportedByBookError | BookConfigurationError => {
  if (error.requestError !== undefined) return error.requestError
  switch (error.reason._tag) {
    case "CheckFailed":
    case "Unsupported":
    case "Misconfigured":
      return error.reason.error
    default:
      return apiErrorOf(error, endpoint)
  }
}

/** The request error an OpenSeaError of a request (a post, a read) is: the request's own, else an APIError. */
export const requestErrorOf = (error: OpenSeaError, endpoint: string): ApiRequestError =>
  error.requestError ?? apiErrorOf(error, endpoint)
