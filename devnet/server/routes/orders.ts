/**
 * `GET /orders/asks/v5` and `GET /orders/bids/v6`: the book's orders, filtered by `ids`, `token`
 * (contract:tokenId), `contracts`/`collection`, `maker` and `status` (active by default, `any` for all).
 */
import type { BookOrder } from "../../core/orderBook.js"
import type { DevnetContext } from "../context.js"
import type { DevnetRequest, Route } from "../http.js"
import { orderReadJson } from "../readShapes.js"
import { address, token } from "../validate.js"

function select(ctx: DevnetContext, req: DevnetRequest, side: BookOrder["side"]) {
  const q = req.query
  const ids = q.getAll("ids").map((id) => id.toLowerCase())
  const tokenRef = q.get("token") === null ? undefined : token(q.get("token"), "token")
  const contracts = [...q.getAll("contracts"), ...q.getAll("collection")].map((c) =>
    address(c, "contracts").toLowerCase(),
  )
  const maker = q.get("maker") === null ? undefined : address(q.get("maker"), "maker")
  const status = q.get("status") ?? "active"
  const orders = ctx.book
    .all()
    .filter((o) => o.side === side && o.chainId === req.chain.chainId)
    .filter((o) => status === "any" || o.status === status)
    .filter((o) => ids.length === 0 || ids.includes(o.id.toLowerCase()))
    .filter((o) => contracts.length === 0 || contracts.includes(o.order.collection.toLowerCase()))
    .filter((o) => maker === undefined || o.order.maker === maker)
    .filter((o) => {
      if (tokenRef === undefined) return true
      if (o.order.collection !== tokenRef.contract) return false
      const c = o.criteria
      return c.kind === "token"
        ? c.tokenId === tokenRef.tokenId
        : c.kind === "collection" || c.tokenIds.includes(tokenRef.tokenId)
    })
    .sort((a, b) =>
      side === "listing" ? (a.order.price < b.order.price ? -1 : 1) : a.order.price > b.order.price ? -1 : 1,
    )
  return { orders: orders.map((o) => orderReadJson(ctx, o)), continuation: null }
}

export const asksRoute: Route = {
  method: "GET",
  pattern: "/orders/asks/v5",
  handler: async (ctx, req) => select(ctx, req, "listing"),
}
export const bidsRoute: Route = {
  method: "GET",
  pattern: "/orders/bids/v6",
  handler: async (ctx, req) => select(ctx, req, "bid"),
}
