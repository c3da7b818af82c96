import type { BookStatus } from "../../schema/BookStatus.js"
import type { CheckResponse } from "../../schema/StatusResponses.js"
import type { StatusFilter, StatusUpdate } from "../../schema/StatusUpdate.js"
import type { Check } from "../../schema/Step.js"

/** What a Reservoir answer says besides its verdict: the transactions it saw, where a fill landed, why it failed. */
const factsOf = (answer: CheckResponse | StatusUpdate): Omit<BookStatus, "status"> => ({
  ...(answer.txHashes !== undefined ? { txHashes: answer.txHashes } : {}),
  ...(answer.destinationChainId !== undefined ? { destinationChainId: answer.destinationChainId } : {}),
  ...(answer.details !== undefined ? { details: answer.details } : {}),
})

/** A signature check's answer: `success` and `failure` as the API says them; anything else is still pending. */
export const signatureStatusOf = (answer: CheckResponse): BookStatus => ({
  status: answer.status === "success" || answer.status === "failure" ? answer.status : "pending",
  ...factsOf(answer),
})

/**
 * A transaction check's answer, or the synced poll's: `failure` as the API says it; `success` when it says so or when
 * the indexer has synced the transaction (`synced: true`, all the synced poll ever says).
 */
export const transactionStatusOf = (answer: CheckResponse): BookStatus => ({
  status:
    answer.status === "failure"
      ? "failure"
      : answer.synced === true || answer.status === "success"
        ? "success"
        : "pending",
  // The API's own word (a cross-chain request's `waiting`, `delayed`, …), shown as the item's checkStatus.
  ...(answer.status !== undefined ? { stage: answer.status } : {}),
  ...factsOf(answer),
})

/** A pushed status update, as the book's word. */
export const pushedStatusOf = (update: StatusUpdate): BookStatus => ({ status: update.status, ...factsOf(update) })

/**
 * What to follow on the status socket for a transaction: a cross-chain fill by the request id its check's body names
 * (the socket reports the fill on the destination chain under it), anything else by its hash.
 */
export const statusFilterOf = (hash: `0x${string}`, check: Check | undefined, crossChain: boolean): StatusFilter => {
  const requestId = (check?.body as { readonly id?: unknown } | undefined)?.id
  return crossChain && typeof requestId === "string" ? { requestId } : { txHash: hash }
}
