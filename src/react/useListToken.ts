import { createActionHook } from "./createActionHook.js"

/**
 * Lists tokens for sale (`actions.listToken`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useListToken()
 */
export const useListToken = createActionHook("listToken")
