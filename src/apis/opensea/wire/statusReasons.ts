import type { ApiRequestError, OrderPostRefusedError } from "../../../errors/index.js"
import type { OpenSeaReason } from "../book/OpenSeaReason.js"

/**
 * The one place the OpenSea wing reads an HTTP status: the reason an answer's status stands for, and back, the
 * status the executor's APIError carries for a reason the book found itself.
 */

/** The reason OpenSea's refusal with `statusCode` stands for; a throttle keeps the wait it asked for. */
export const reasonOfStatus = (statusCode: number, retryAfterMs?: number): OpenSeaReason => {
  switch (statusCode) {
    case 400:
      return { _tag: "BadRequest" }
    case 404:
      return { _tag: "NotFound" }
    case 410:
      return { _tag: "Gone" }
    case 429:
      return retryAfterMs === undefined ? { _tag: "Throttled" } : { _tag: "Throttled", retryAfterMs }
    default:
      return statusCode >= 500 ? { _tag: "Unavailable", statusCode } : { _tag: "Refused", statusCode }
  }
}

/**
 * The reason of a request that failed: OpenSea's refusal by its status; an answer that is not JSON is unreadable;
 * any other failure on the way (the network, a time limit, a redirect, a wait longer than tradekit waits) is
 * OpenSea out of reach.
 */
export const reasonOfRequestError = (error: ApiRequestError): OpenSeaReason => {
  switch (error._tag) {
    case "APIError":
      return reasonOfStatus(error.statusCode, error.retryAfterMs)
    case "MalformedResponseError":
      return { _tag: "Unreadable" }
    default:
      return { _tag: "Unreachable" }
  }
}

/** The status an APIError carries for `reason` when no request answered it (the book found it itself). */
export const statusOfReason = (reason: OpenSeaReason): number => {
  switch (reason._tag) {
    case "BadRequest":
    case "Invalid":
    case "Unsupported":
    case "Misconfigured":
      return 400
    case "NotFound":
      return 404
    case "Gone":
      return 410
    case "CheckFailed":
      return 422
    case "Throttled":
      return 429
    case "Unreadable":
    case "ChainFailed":
      return 502
    case "Unreachable":
    case "NotYet":
      return 503
    case "Refused":
    case "Unavailable":
      return reason.statusCode
  }
}

/** The status an order of a bulk post reports when its post failed with `error`: the refusal's own, else 503. */
export const statusOfPostError = (error: ApiRequestError | OrderPostRefusedError): number =>
  error._tag === "APIError" || error._tag === "OrderPostRefusedError" ? error.statusCode : 503
