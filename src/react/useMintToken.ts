import { createActionHook } from "./createActionHook.js"

/**
 * Mints tokens (`actions.mintToken`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useMintToken()
 */
export const useMintToken = createActionHook("mintToken")
