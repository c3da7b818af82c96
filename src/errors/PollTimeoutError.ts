import * as Schema from "effect/Schema"

/**
 * A poll gave up: the API never returned the data (`kind: "data"`) or an ok answer (`kind: "ok"`) within
 * its attempts.
 */
export class PollTimeoutError extends Schema.TaggedError<PollTimeoutError>()("PollTimeoutError", {
  message: Schema.String,
  kind: Schema.Literals(["data", "ok"]),
  attempts: Schema.Number,
}) {
  /** Builds the error with the message the older SDK used for each kind. */
  static of(fields: { readonly kind: "data" | "ok"; readonly attempts: number }): PollTimeoutError {
    const what = fields.kind === "data" ? "get data" : "get an ok response"
    return new PollTimeoutError({
      ...fields,
      message: `Failed to ${what} after ${fields.attempts} attempt(s), aborting`,
    })
  }
}
