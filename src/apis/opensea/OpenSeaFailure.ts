import type { TransportResponse } from "../../services/HttpTransport.js"

/**
 * Why the OpenSea layer could not answer a request: OpenSea's own refusal (its status and message, and the
 * `retry-after` it asked for), or a failure on the way (the chain, the network). The layer answers it as an HTTP
 * error, which tradekit's API client turns into an APIError with this message, retried when transient.
 */
export class OpenSeaFailure {
  readonly _tag = "OpenSeaFailure"
  constructor(
    readonly status: number,
    readonly message: string,
    readonly retryAfter?: string | undefined,
  ) {}
}

/** The answer of a failure, in the Reservoir protocol's error shape (`{ message, statusCode }`). */
export const failureResponse = (failure: OpenSeaFailure): TransportResponse => ({
  status: failure.status,
  headers: { "content-type": "application/json", ...(failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {}) },
  body: JSON.stringify({ message: failure.message, statusCode: failure.status }),
})
