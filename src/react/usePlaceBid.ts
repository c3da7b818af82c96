import { createActionHook } from "./createActionHook.js"

/**
 * Places bids on a token, a collection, a trait or a token set (`actions.placeBid`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = usePlaceBid()
 */
export const usePlaceBid = createActionHook("placeBid")
