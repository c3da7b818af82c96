/**
 * Freezes `value` and everything reachable from it, so a snapshot handed to a caller can never be changed
 * under the executor's feet. A frozen object is taken as frozen all the way down (everything this module
 * freezes is), so parts shared with the previous snapshot cost nothing.
 * @internal
 */
export const deepFreeze = <A>(value: A): A => {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  // An index loop for arrays: a snapshot update re-freezes a step's whole item list, whose keys need not be
  // allocated as strings each time.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) deepFreeze(value[i])
  } else {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
