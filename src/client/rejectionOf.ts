import * as Cause from "effect/Cause"

/**
 * What a facade promise rejects with: the typed error itself (an Error, with the contract's `message`), the
 * abort signal's reason when the caller aborted, or the defect.
 */
export const rejectionOf = (cause: Cause.Cause<unknown>, signal: AbortSignal | undefined): unknown => {
  if (Cause.hasInterruptsOnly(cause)) {
    return signal?.aborted ? signal.reason : new Error("The action was interrupted")
  }
  return Cause.squash(cause)
}
