/**
 * `POST /execute/status/v1` — an item's check: `{kind: "transaction", chainId, id: txHash}` from the indexer
 * (pending until indexed, then success or failure), or `{kind: "cross-chain-intent", id: requestId}` from
 * the intents. `GET /transactions/{hash}/synced/v1` — `{synced, status}`, from the indexer only.
 */
import { badRequest, type Route } from "../http.js"
import { object, optionalAmount, string } from "../validate.js"

export const statusRoute: Route = {
  method: "POST",
  pattern: "/execute/status/v1",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const kind = string(body.kind, "kind")
    const id = string(body.id, "id")
    if (kind === "cross-chain-intent") {
      const intent = ctx.intents.get(id)
      if (intent === undefined) return { status: "pending", details: `Unknown request ${id}` }
      const status = ctx.intents.status(intent)
      return {
        status,
        ...(status === "success"
          ? { txHashes: intent.fillTxHashes, destinationChainId: intent.destinationChainId }
          : {}),
        ...(intent.details !== undefined ? { details: intent.details } : {}),
        ...(intent.depositTxHash !== undefined ? { inTxHashes: [intent.depositTxHash] } : {}),
        originChainId: intent.originChainId,
      }
    }
    if (kind === "transaction") {
      const chainId = Number(optionalAmount(body.chainId, "chainId") ?? BigInt(req.chain.chainId))
      const tx = ctx.indexer.transaction(chainId, id)
      if (tx === undefined) return { status: "pending" }
      return tx.status === "success"
        ? { status: "success" }
        : { status: "failure", details: `Transaction ${id} reverted` }
    }
    throw badRequest(`Unknown check kind "${kind}"`)
  },
}

export const syncedRoute: Route = {
  method: "GET",
  pattern: "/transactions/:hash/synced/v1",
  handler: async (ctx, req) => {
    const hash = req.params.hash ?? ""
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw badRequest("hash must be a transaction hash")
    const tx = ctx.indexer.transaction(req.chain.chainId, hash) ?? ctx.indexer.findTransaction(hash)
    if (tx === undefined) return { synced: false, status: "pending" }
    return { synced: true, status: tx.status === "success" ? "success" : "failure" }
  },
}
