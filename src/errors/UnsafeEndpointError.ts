import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * A step asked tradekit to call an endpoint that is not a path on the chain's API origin. Refused, so the
 * API key can never be sent to another host.
 */
export class UnsafeEndpointError extends Schema.TaggedError<UnsafeEndpointError>()("UnsafeEndpointError", {
  message: Schema.String,
  endpoint: Schema.String,
  baseApiUrl: Schema.String,
}) {
  /** Builds the error for an endpoint that would leave `baseApiUrl`'s origin. */
  static of(fields: { readonly endpoint: string; readonly baseApiUrl: string }): UnsafeEndpointError {
    return new UnsafeEndpointError({
      ...fields,
      message: formatMessage("Refused to call an endpoint outside the API", {
        meta: { Endpoint: fields.endpoint, API: fields.baseApiUrl },
      }),
    })
  }
}
