"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Buys tokens (`actions.buyToken`), in the shape of TanStack Query's `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useBuyToken({ onSuccess: () => toast("Done") })
 */
export const useBuyToken = createActionHook("buyToken")
