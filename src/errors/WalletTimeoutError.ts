import * as Schema from "effect/Schema"

/** The wallet did not answer a signature or send request in time. Nothing was signed or sent by tradekit. */
export class WalletTimeoutError extends Schema.TaggedError<WalletTimeoutError>()("WalletTimeoutError", {
  message: Schema.String,
  operation: Schema.String,
  timeoutMs: Schema.Number,
}) {
  /** Builds the error naming the call and the time it had. */
  static of(fields: { readonly operation: string; readonly timeoutMs: number }): WalletTimeoutError {
    return new WalletTimeoutError({
      ...fields,
      message: `The wallet did not answer ${fields.operation} within ${fields.timeoutMs} ms`,
    })
  }
}
