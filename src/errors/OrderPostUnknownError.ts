import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * An item's signed order was posted and no answer came back (a dropped connection, a time limit, a 5xx): the
 * API may hold the order. It is never posted twice; look the maker's orders up before signing again.
 */
export class OrderPostUnknownError extends Schema.TaggedError<OrderPostUnknownError>()("OrderPostUnknownError", {
  message: Schema.String,
  endpoint: Schema.String,
}) {
  /** Builds the error for the post to `endpoint`, saying why its outcome is unknown. */
  static of(fields: { readonly endpoint: string; readonly reason: string }): OrderPostUnknownError {
    return new OrderPostUnknownError({
      endpoint: fields.endpoint,
      message: formatMessage("The order may already exist: its post got no answer, so it is not posted again", {
        meta: { Endpoint: fields.endpoint },
        details: fields.reason,
      }),
    })
  }
}
