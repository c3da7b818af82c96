"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Lists tokens for sale (`actions.listToken`), in the shape of TanStack Query's `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useListToken({ onSuccess: () => toast("Done") })
 */
export const useListToken = createActionHook("listToken")
