import { createActionHook } from "./createActionHook.js"

/**
 * Buys tokens (`actions.buyToken`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useBuyToken()
 */
export const useBuyToken = createActionHook("buyToken")
