"use client"
import { createActionHook } from "./createActionHook.js"

/**
 * Places bids on a token, a collection, a trait or a token set (`actions.placeBid`), in the shape of TanStack Query's
 * `useMutation`: `mutate`, `mutateAsync`,
 * `status`, `isPending`, `data`, `error`, `variables`, `reset`, plus `progress` and `abort`. Takes
 * `onSuccess`, `onError` and `onSettled`, here or per call.
 *
 * @example
 * const { mutate, isPending, progress, error } = usePlaceBid({ onSuccess: () => toast("Done") })
 */
export const usePlaceBid = createActionHook("placeBid")
