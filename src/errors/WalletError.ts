import * as Schema from "effect/Schema"

/**
 * A wallet call failed for another reason; `cause` keeps the wallet's own error, `code` its error code when it gave
 * one.
 */
export class WalletError extends Schema.TaggedError<WalletError>()("WalletError", {
  message: Schema.String,
  operation: Schema.String,
  /**
   * The wallet's error code (EIP-1193, JSON-RPC or EIP-5792, such as 5730 for an unknown calls id), when it gave one.
   */
  code: Schema.optional(Schema.Number),
  cause: Schema.optional(Schema.Unknown),
}) {}
