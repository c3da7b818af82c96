import * as Schema from "effect/Schema"

/** Why an HTTP request failed before the server could answer it. */
export const HttpFailureReason = Schema.Literals(["network", "timeout", "aborted", "redirect", "encoding"])

/**
 * A request to the API did not complete: the network failed, it timed out, it was aborted, the server
 * redirected it to another origin, or its body could not be encoded as JSON (a cycle; nothing was sent).
 * `cause` keeps the underlying failure.
 */
export class HttpRequestError extends Schema.TaggedError<HttpRequestError>()("HttpRequestError", {
  message: Schema.String,
  reason: HttpFailureReason,
  endpoint: Schema.String,
  cause: Schema.optional(Schema.Unknown),
}) {}
