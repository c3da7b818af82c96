import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/**
 * A hook's `execute` was called while its execution is still running. The running one is left as it is (a
 * wallet prompt it opened stays answerable, and its outcome is recorded): abort it or wait for it to end.
 */
export class ExecutionInProgressError extends Schema.TaggedError<ExecutionInProgressError>()(
  "ExecutionInProgressError",
  {
    message: messageOr("An execution is already running; abort it or wait for it to end"),
  },
) {}
