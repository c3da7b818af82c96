"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Mints tokens (`actions.mintToken`), in the shape of TanStack Query's `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useMintToken({ onSuccess: () => toast("Done") })
 */
export const useMintToken = createActionHook("mintToken")
