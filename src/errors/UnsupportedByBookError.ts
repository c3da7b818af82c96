import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * The client's order book cannot do what was asked: an action it does not plan (a mint on OpenSea), or an
 * option it cannot honour (marketplace fees, a `source`). Refused before any request: nothing was signed or sent.
 */
export class UnsupportedByBookError extends Schema.TaggedError<UnsupportedByBookError>()("UnsupportedByBookError", {
  message: Schema.String,
  book: Schema.String,
  /** What the book refused: an action's name, or an option's. */
  what: Schema.String,
}) {
  /** The error for `what`, which `book` cannot do, with why. */
  static of(args: { readonly book: string; readonly what: string; readonly details?: string }): UnsupportedByBookError {
    return new UnsupportedByBookError({
      book: args.book,
      what: args.what,
      message: formatMessage(
        `The ${args.book} order book does not support ${args.what}`,
        args.details === undefined ? {} : { details: args.details },
      ),
    })
  }
}
