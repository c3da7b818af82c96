"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Transfers tokens (`actions.transferTokens`), in the shape of TanStack Query's `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = useTransferTokens({ onSuccess: () => toast("Done") })
 */
export const useTransferTokens = createActionHook("transferTokens")
