/** `GET /tokens/v7?collection=…|tokens=contract:id`: tokens with owner, attributes and floor ask. */
import { type Address, getAddress } from "viem"
import type { DevnetContext } from "../context.js"
import { badRequest, type Route } from "../http.js"
import { floorAskOf } from "../readShapes.js"
import { address, token } from "../validate.js"

/** The `token` object of the read endpoints. */
export function tokenJson(ctx: DevnetContext, chainId: number, contract: Address, tokenId: bigint) {
  const collection = ctx.catalog.collection(chainId, contract)
  const holders = ctx.indexer.tokensOf(chainId, contract).find((t) => t.tokenId === tokenId)?.holders ?? []
  return {
    token: {
      chainId,
      contract,
      tokenId: tokenId.toString(),
      name: `${collection?.name ?? "Token"} #${tokenId}`,
      kind: collection?.kind ?? "erc721",
      owner: collection?.kind === "erc1155" ? null : (holders[0]?.owner ?? null),
      supply: holders.reduce((sum, h) => sum + h.balance, 0n).toString(),
      attributes: ctx.catalog.attributes(chainId, contract, tokenId).map((a) => ({ ...a, tokenCount: 1 })),
      collection: { id: contract, name: collection?.name ?? "", symbol: collection?.symbol ?? "" },
    },
    market: { floorAsk: floorAskOf(ctx, chainId, contract, tokenId) },
  }
}

export const tokensRoute: Route = {
  method: "GET",
  pattern: "/tokens/v7",
  handler: async (ctx, req) => {
    const chainId = req.chain.chainId
    const wanted = req.query.getAll("tokens").map((t) => token(t, "tokens"))
    const collectionParam = req.query.get("collection") ?? req.query.get("contract")
    if (wanted.length === 0 && collectionParam === null) throw badRequest("Pass collection or tokens")
    const refs =
      wanted.length > 0
        ? wanted
        : ctx.indexer
            .tokensOf(chainId, address(collectionParam, "collection"))
            .map((t) => ({ contract: getAddress(collectionParam!), tokenId: t.tokenId }))
    const limit = Math.min(Number(req.query.get("limit") ?? 100) || 100, 1000)
    return {
      tokens: refs.slice(0, limit).map(({ contract, tokenId }) => tokenJson(ctx, chainId, contract, tokenId)),
      continuation: null,
    }
  },
}
