import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** `cancel` was called without any order id. */
export class NoOrderIdsError extends Schema.TaggedError<NoOrderIdsError>()("NoOrderIdsError", {
  message: messageOr("No order ids specified"),
}) {}
