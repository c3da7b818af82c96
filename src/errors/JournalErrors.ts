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

/** Why a send's outcome cannot be settled (see {@link SendOutcomeUnknownError}). */
export type SendOutcomeUnknownReason = "smart-account" | "no-nonce" | "open-prompt" | "batch-unknown"

const unknownReasons: Record<SendOutcomeUnknownReason, string> = {
  "smart-account": "The account is a smart account: its nonce does not tell whether the transaction went out.",
  "no-nonce": "The wallet cannot look the account's transactions up by nonce.",
  "open-prompt": "Your earlier confirmation may still be open in your wallet, or have gone out at a later nonce.",
  "batch-unknown": "The wallet was asked for a batch and gave no calls id back: it may have been sent.",
}

/**
 * An item's transaction was requested from the wallet and it is not known whether it went out (the prompt was
 * abandoned, or the execution stopped first), with no proof that it cannot land. It is never sent a second
 * time blindly. Ask the user to check the wallet ("your earlier confirmation may still be open in your
 * wallet"); to send again after they confirm it is not, resume with `resendUnknown: true`.
 */
export class SendOutcomeUnknownError extends Schema.TaggedError<SendOutcomeUnknownError>()("SendOutcomeUnknownError", {
  message: Schema.String,
  from: Schema.String,
  chainId: Schema.Number,
  reason: Schema.optional(Schema.Literals(["smart-account", "no-nonce", "open-prompt", "batch-unknown"])),
}) {
  /** Builds the error for a send from `from` on `chainId`, saying why its outcome cannot be settled. */
  static of(fields: {
    readonly from: string
    readonly chainId: number
    readonly reason?: SendOutcomeUnknownReason
  }): SendOutcomeUnknownError {
    return new SendOutcomeUnknownError({
      ...fields,
      message: formatMessage("A transaction of this step may already have been sent, so it is not sent again", {
        meta: { Account: fields.from, Chain: fields.chainId },
        details: `${unknownReasons[fields.reason ?? "no-nonce"]} Check the wallet's activity; to send again, resume with resendUnknown: true.`,
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
