/**
 * An execution a hook started was aborted: by `abort`, by `reset`, by the component unmounting, or by a
 * newer execution. `reason` is what the AbortSignal was aborted with (a DOMException named "AbortError"
 * unless `abort` was given another).
 *
 * A tagged error like those of `tradekit` (`_tag`, `name`, `message`), so a hook's `error` is a union of
 * tagged errors that `_tag` narrows. It is a plain Error subclass rather than a `Schema.TaggedError`
 * because `tradekit/react` imports no Effect of its own.
 *
 * @example
 * const { error } = useBuyToken()
 * if (error?._tag === "ExecutionAbortedError") return <p>Stopped.</p>
 */
export class ExecutionAbortedError extends Error {
  readonly _tag = "ExecutionAbortedError" as const
  override readonly name = "ExecutionAbortedError"
  /** What the execution's AbortSignal was aborted with. */
  readonly reason: unknown

  constructor(options: { readonly reason?: unknown } = {}) {
    super("The execution was aborted", { cause: options.reason })
    this.reason = options.reason
  }
}
