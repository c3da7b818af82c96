/** `GET /collections/v7?id=…`: the devnet's collections with token count, floor ask and top bid. */
import { zeroAddress } from "viem"
import type { Route } from "../http.js"
import { priceJson } from "../readShapes.js"

export const collectionsRoute: Route = {
  method: "GET",
  pattern: "/collections/v7",
  handler: async (ctx, req) => {
    const chainId = req.chain.chainId
    const ids = [...req.query.getAll("id"), ...req.query.getAll("contract")].map((id) => id.toLowerCase())
    const collections = ctx.catalog
      .collectionsOn(chainId)
      .filter((c) => ids.length === 0 || ids.includes(c.address.toLowerCase()))
      .map((c) => {
        const orders = ctx.book.active().filter((o) => o.chainId === chainId && o.order.collection === c.address)
        const floor = orders
          .filter((o) => o.side === "listing" && o.order.currency === zeroAddress)
          .sort((a, b) => (a.order.price < b.order.price ? -1 : 1))[0]
        const top = orders.filter((o) => o.side === "bid").sort((a, b) => (a.order.price > b.order.price ? -1 : 1))[0]
        return {
          chainId,
          id: c.address,
          primaryContract: c.address,
          name: c.name,
          symbol: c.symbol,
          contractKind: c.kind,
          tokenCount: String(ctx.indexer.tokensOf(chainId, c.address).length),
          ...(c.mintPrice !== undefined ? { mintPrice: priceJson(ctx, chainId, zeroAddress, c.mintPrice) } : {}),
          floorAsk:
            floor === undefined
              ? null
              : {
                  id: floor.id,
                  price: priceJson(ctx, chainId, floor.order.currency, floor.order.price),
                  maker: floor.order.maker,
                  token: { contract: c.address, tokenId: floor.order.tokenId.toString() },
                },
          topBid:
            top === undefined
              ? null
              : {
                  id: top.id,
                  price: priceJson(ctx, chainId, top.order.currency, top.order.price),
                  maker: top.order.maker,
                },
        }
      })
    return { collections, continuation: null }
  },
}
