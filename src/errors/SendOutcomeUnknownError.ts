import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

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
