import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/** A step asks to send from an address that is not the connected wallet's. Refused before signing. */
export class WalletAddressMismatchError extends Schema.TaggedError<WalletAddressMismatchError>()(
  "WalletAddressMismatchError",
  {
    message: Schema.String,
    expected: Schema.String,
    received: Schema.String,
  },
) {
  /** Builds the error naming both addresses. */
  static of(fields: { readonly expected: string; readonly received: string }): WalletAddressMismatchError {
    return new WalletAddressMismatchError({
      ...fields,
      message: formatMessage("Refused to send a transaction from another account", {
        meta: { "Step's from": fields.received, Wallet: fields.expected },
      }),
    })
  }
}
