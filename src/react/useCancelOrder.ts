"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Cancels orders (`actions.cancelOrder`), in the shape of TanStack Query's `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useCancelOrder({ onSuccess: () => toast("Done") })
 */
export const useCancelOrder = createActionHook("cancelOrder")
