import { createActionHook } from "./createActionHook.js"

/**
 * Transfers tokens (`actions.transferTokens`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useTransferTokens()
 */
export const useTransferTokens = createActionHook("transferTokens")
