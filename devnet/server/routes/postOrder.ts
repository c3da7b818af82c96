/**
 * `POST /order/v4?signature=0x…`: stores signed Exchange orders in the book after checking the signature
 * recovers to the maker, the order's domain is this devnet's Exchange, and a listing's maker holds the token.
 * Answers `{results: [{orderId, crossPostingOrderId: null, orderIndex}]}`.
 */
import { recoverTypedDataAddress, type Hex } from "viem"
import { orderHash, orderTypedData, OrderSide, Criteria, tokenSetRoot } from "../../chain/orders.js"
import type { OrderCriteria } from "../../core/orderBook.js"
import { badRequest, type Route } from "../http.js"
import { orderFromJson } from "../steps.js"
import { array, hex, nonEmptyArray, object, optionalString, string } from "../validate.js"

function criteriaOf(raw: unknown, order: ReturnType<typeof orderFromJson>): OrderCriteria {
  if (order.criteria === Criteria.Single) return { kind: "token", tokenId: order.tokenId }
  if (order.criteria === Criteria.Collection) return { kind: "collection" }
  const c = object(raw, "criteria")
  const tokenIds = array(c.tokenIds, "criteria.tokenIds").map((id) => BigInt(string(id, "criteria.tokenIds[]")))
  if (tokenSetRoot(tokenIds) !== order.tokenSetRoot) throw badRequest("criteria.tokenIds do not hash to the order's tokenSetRoot")
  const tokenSetId = string(c.tokenSetId, "criteria.tokenSetId")
  if (c.kind === "attribute") {
    const attribute = object(c.attribute, "criteria.attribute")
    return { kind: "attribute", attribute: { key: string(attribute.key, "attribute.key"), value: string(attribute.value, "attribute.value") }, tokenSetId, tokenIds }
  }
  return { kind: "token-set", tokenSetId, tokenIds }
}

export const postOrderRoute: Route = {
  method: "POST",
  pattern: "/order/v4",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const signature = hex(req.query.get("signature") ?? undefined, "signature (query parameter)") as Hex
    const source = optionalString(body.source, "source") ?? "devnet"
    const chainId = ctx.origin.chainId
    const exchange = ctx.contracts.origin.exchange
    const results = []
    for (const [i, raw] of nonEmptyArray(body.items, "items").entries()) {
      const item = object(raw, `items[${i}]`)
      const wrapped = object(item.order, `items[${i}].order`)
      const order = orderFromJson(object(wrapped.data, `items[${i}].order.data`))
      const signer = await recoverTypedDataAddress({ ...orderTypedData(chainId, exchange, order), signature }).catch(() => undefined)
      if (signer === undefined || signer !== order.maker) throw badRequest(`items[${i}]: the signature is not the maker's`)
      if (ctx.catalog.collection(chainId, order.collection) === undefined) throw badRequest(`items[${i}]: unknown collection ${order.collection}`)
      const id = orderHash(chainId, exchange, order)
      if (order.side === OrderSide.Listing) {
        const held =
          order.tokenKind === 0
            ? ctx.indexer.ownerOf(chainId, order.collection, order.tokenId) === order.maker
            : ctx.indexer.balanceOf(chainId, order.collection, order.tokenId, order.maker) >= order.amount
        if (!held) throw badRequest(`items[${i}]: the maker does not hold the token`)
      }
      if (ctx.book.get(id) === undefined) {
        ctx.book.add({
          id,
          chainId,
          side: order.side === OrderSide.Listing ? "listing" : "bid",
          order,
          signature,
          criteria: criteriaOf(item.criteria, order),
          orderKind: optionalString(wrapped.kind, `items[${i}].order.kind`) ?? "tradekit-exchange",
          orderbook: optionalString(item.orderbook, `items[${i}].orderbook`) ?? "reservoir",
          source,
          fees: Array.isArray(item.fees) ? item.fees.filter((f): f is string => typeof f === "string") : [],
          createdAt: Date.now(),
          status: "active",
        })
      }
      results.push({ orderId: id, crossPostingOrderId: null, orderIndex: typeof item.orderIndex === "number" ? item.orderIndex : i })
    }
    return { results }
  },
}
