import { createActionHook } from "./createActionHook.js"

/**
 * Cancels orders (`actions.cancelOrder`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useCancelOrder()
 */
export const useCancelOrder = createActionHook("cancelOrder")
