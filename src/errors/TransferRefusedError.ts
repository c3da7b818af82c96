import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/** Why a transfer was refused before the wallet. */
export const TransferRefusal = Schema.Literals([
  "token",
  "quantity",
  "duplicate",
  "recipient",
  "standard",
  "owner",
  "balance",
])

/** A reason of {@link TransferRefusal}. */
export type TransferRefusal = typeof TransferRefusal.Type

/**
 * A transfer cannot be made as asked, and the chain says so before the wallet is asked: the wallet does not own a
 * token (or holds fewer units than named), the token is not an ERC-721 or ERC-1155, it is named twice, or the
 * recipient is the zero address or the token's own contract. `token` names the item (`contract:tokenId`) when one is
 * at fault. Nothing was signed or sent.
 */
export class TransferRefusedError extends Schema.TaggedError<TransferRefusedError>()("TransferRefusedError", {
  message: Schema.String,
  reason: TransferRefusal,
  /** The item at fault, as `contract:tokenId`; absent when the whole transfer is (its recipient). */
  token: Schema.optional(Schema.String),
}) {
  /** Builds the error: `short` says what is wrong, `facts` are listed below it. */
  static of(fields: {
    readonly reason: TransferRefusal
    readonly short: string
    readonly token?: string | undefined
    readonly facts?: Readonly<Record<string, string | undefined>>
  }): TransferRefusedError {
    return new TransferRefusedError({
      reason: fields.reason,
      ...(fields.token === undefined ? {} : { token: fields.token }),
      message: formatMessage(fields.short, {
        meta: { Token: fields.token, ...fields.facts },
        details: "tradekit checked the transfer on chain before the wallet; nothing was signed or sent.",
      }),
    })
  }
}
