/**
 * The errors of a thrown value's `cause` chain, outermost first, at most eight deep. A hostile value (a throwing
 * getter) ends the walk: what was read before it is all there is.
 */
export const causeChain = (cause: unknown): ReadonlyArray<Record<string, unknown>> => {
  const chain: Array<Record<string, unknown>> = []
  try {
    let current: unknown = cause
    for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
      chain.push(current as Record<string, unknown>)
      current = (current as { cause?: unknown }).cause
    }
  } catch {
    // what was read so far is all there is
  }
  return chain
}
