import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** The fallback for a failure that carried no message of its own. */
export class UnknownError extends Schema.TaggedError<UnknownError>()("UnknownError", {
  message: messageOr("Error: something went wrong"),
  cause: Schema.optional(Schema.Unknown),
}) {}
