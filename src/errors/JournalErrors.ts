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

/**
 * An item's transaction was requested from the wallet and it is not known whether it went out (the prompt was
 * abandoned, or the execution stopped first), and the wallet cannot tell by the account's nonce. It is never
 * sent a second time blindly; look the account's activity up before trying again.
 */
export class SendOutcomeUnknownError extends Schema.TaggedError<SendOutcomeUnknownError>()("SendOutcomeUnknownError", {
  message: Schema.String,
  from: Schema.String,
  chainId: Schema.Number,
}) {
  /** Builds the error for a send from `from` on `chainId`. */
  static of(fields: { readonly from: string; readonly chainId: number }): SendOutcomeUnknownError {
    return new SendOutcomeUnknownError({
      ...fields,
      message: formatMessage("A transaction of this step may already have been sent, so it is not sent again", {
        meta: { Account: fields.from, Chain: fields.chainId },
      }),
    })
  }
}

/** A stored snapshot given to resume is not one tradekit wrote (or was changed since): nothing is done. */
export class InvalidSnapshotError extends Schema.TaggedError<InvalidSnapshotError>()("InvalidSnapshotError", {
  message: Schema.String,
  issue: Schema.String,
}) {
  /** Builds the error with the decoder's description of what is wrong. */
  static of(fields: { readonly issue: string }): InvalidSnapshotError {
    return new InvalidSnapshotError({
      ...fields,
      message: formatMessage("Cannot resume from this snapshot: it is not a valid execution snapshot", {
        details: fields.issue,
      }),
    })
  }
}
