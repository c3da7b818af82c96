import { createActionHook } from "./createActionHook.js"

/**
 * Accepts offers on the wallet's tokens (`actions.acceptOffer`): `execute`, `status`, `progress`, `data`, `error`, `abort`, `reset`.
 *
 * @example
 * const { execute, status, progress } = useAcceptOffer()
 */
export const useAcceptOffer = createActionHook("acceptOffer")
