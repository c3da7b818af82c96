import * as Effect from "effect/Effect"
import { createPublicClient, type Hex, http, type PublicClient } from "viem"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import { viemChainFor } from "../../../chains/viemChainFor.js"
import type { BookStatus } from "../../../schema/BookStatus.js"

/** A receipt's word: mined and successful, reverted, or not seen yet (or the RPC could not say). */
type ReceiptWord = "success" | "reverted" | "unseen"

/**
 * Reads Relay's `success` on the destination chain itself: every destination transaction Relay names must be mined
 * and successful there. A reverted one is a failure, whatever Relay says; one not seen yet keeps the wait going. A
 * chain tradekit has no RPC for, or a success naming no transaction, is left as Relay says.
 */
export const destinationOutcome = (
  chains: ReadonlyArray<ChainConfig>,
  clients: Map<number, PublicClient>,
): ((success: BookStatus) => Effect.Effect<BookStatus>) => {
  const clientOf = (chainId: number): PublicClient | undefined => {
    const known = clients.get(chainId)
    if (known !== undefined) return known
    const config = chains.find((c) => c.id === chainId)
    const chain = config === undefined ? undefined : viemChainFor(config)
    const rpc = chain?.rpcUrls.default.http[0]
    if (chain === undefined || rpc === undefined) return undefined
    const client = createPublicClient({ chain, transport: http(rpc) }) as PublicClient
    clients.set(chainId, client)
    return client
  }
  const receiptOf = (client: PublicClient, hash: Hex): Effect.Effect<ReceiptWord> =>
    Effect.tryPromise(() => client.getTransactionReceipt({ hash })).pipe(
      Effect.map((receipt): ReceiptWord => (receipt.status === "success" ? "success" : "reverted")),
      // Not mined yet, or the RPC could not answer: asked again on the next poll.
      Effect.orElseSucceed((): ReceiptWord => "unseen"),
    )
  return (success) =>
    Effect.gen(function* () {
      const client = success.destinationChainId === undefined ? undefined : clientOf(success.destinationChainId)
      const hashes = success.txHashes ?? []
      if (client === undefined || hashes.length === 0) return success
      const words = yield* Effect.forEach(hashes, (hash) => receiptOf(client, hash))
      const reverted = hashes.find((_, i) => words[i] === "reverted")
      if (reverted !== undefined)
        return {
          status: "failure",
          details:
            `Relay reported success, but its destination transaction ${reverted} reverted ` +
            `on chain ${success.destinationChainId}`,
        } satisfies BookStatus
      return words.includes("unseen") ? ({ status: "pending" } satisfies BookStatus) : success
    })
}
