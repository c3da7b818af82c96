"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Runs transactions on another chain (`actions.call`), in the shape of TanStack Query's `useMutation`: `mutate`,
 * `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useCall({ onSuccess: () => toast("Done") })
 */
export const useCall = createActionHook("call")
