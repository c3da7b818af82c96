import { createActionHook } from "./createActionHook.js"

/**
 * Runs transactions on another chain (`actions.call`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useCall()
 */
export const useCall = createActionHook("call")
