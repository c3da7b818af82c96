"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Accepts offers on the wallet's tokens (`actions.acceptOffer`), in the shape of TanStack Query's `useMutation`:
 * `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useAcceptOffer({ onSuccess: () => toast("Done") })
 */
export const useAcceptOffer = createActionHook("acceptOffer")
