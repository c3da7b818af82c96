import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

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
