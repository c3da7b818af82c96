import * as Schema from "effect/Schema"

/** A step targets a chain (a transaction or typed data domain) that is not configured. Refused before signing. */
export class ChainNotConfiguredError extends Schema.TaggedError<ChainNotConfiguredError>()("ChainNotConfiguredError", {
  message: Schema.String,
  chainId: Schema.Number,
}) {
  /** Builds the error naming the chain and what was to be signed for it (`a transaction`, `typed data`). */
  static of(fields: { readonly chainId: number; readonly what: string }): ChainNotConfiguredError {
    return new ChainNotConfiguredError({
      chainId: fields.chainId,
      message: `Refused to sign ${fields.what} for chain ${fields.chainId}: it is not configured`,
    })
  }
}
