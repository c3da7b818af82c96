import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** The user rejected the request in their wallet (EIP-1193 error 4001). */
export class UserRejectedError extends Schema.TaggedError<UserRejectedError>()("UserRejectedError", {
  message: messageOr("User rejected the request."),
  operation: Schema.String,
}) {}
