import * as Schema from "effect/Schema"

/**
 * The client's settings lack what its order book needs on a chain, such as a `viemChain` (with an RPC URL) for a
 * chain the book reads but neither viem's presets nor tradekit's name. The message says what to add. Raised before
 * any request: nothing was signed or sent.
 */
export class BookConfigurationError extends Schema.TaggedError<BookConfigurationError>()("BookConfigurationError", {
  message: Schema.String,
  book: Schema.String,
  chainId: Schema.Number,
}) {
  /** The error for chain `chainId`, which `book` cannot trade on until `add` is configured. */
  static of(args: { readonly book: string; readonly chainId: number; readonly add: string }): BookConfigurationError {
    return new BookConfigurationError({
      book: args.book,
      chainId: args.chainId,
      message: `The ${args.book} order book cannot trade on chain ${args.chainId} as configured: ${args.add}`,
    })
  }
}
