import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * The API answered with a body that does not have the shape tradekit relies on. Nothing built from it was
 * signed or sent.
 */
export class MalformedResponseError extends Schema.TaggedError<MalformedResponseError>()("MalformedResponseError", {
  message: Schema.String,
  endpoint: Schema.String,
  issue: Schema.String,
}) {
  /** Builds the error from the endpoint and the decoder's description of what is wrong. */
  static of(fields: { readonly endpoint: string; readonly issue: string }): MalformedResponseError {
    return new MalformedResponseError({
      ...fields,
      message: formatMessage(`Malformed response from ${fields.endpoint}`, { details: fields.issue }),
    })
  }
}
