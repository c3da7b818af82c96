/** `GET /transfers/bulk/v2?txHash=…&txHash=…`: the NFT transfers of those transactions, as indexed. */
import { badRequest, type Route } from "../http.js"

export const transfersRoute: Route = {
  method: "GET",
  pattern: "/transfers/bulk/v2",
  handler: async (ctx, req) => {
    const hashes = req.query.getAll("txHash")
    if (hashes.some((h) => !/^0x[0-9a-fA-F]{64}$/.test(h))) throw badRequest("txHash must be transaction hashes")
    const transfers = hashes.flatMap((hash) =>
      ctx.indexer.transfers(hash).map((t) => ({
        id: `${t.txHash}-${t.logIndex}`,
        txHash: t.txHash,
        logIndex: t.logIndex,
        block: Number(t.blockNumber),
        token: { contract: t.contract, tokenId: t.tokenId.toString() },
        from: t.from,
        to: t.to,
        amount: t.amount.toString(),
      })),
    )
    return { transfers, continuation: null }
  },
}
