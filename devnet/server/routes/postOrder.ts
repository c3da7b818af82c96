/**
 * `POST /order/v4?signature=0x…`: stores signed Exchange orders in the book after checking the signature
 * recovers to the maker, the order's domain is this devnet's Exchange, the Exchange could fill it (not
 * expired, not cancelled by the maker's nonce, a positive amount of the right token kind, fees within the
 * price), and a listing's maker holds the token. Answers `{results: [{orderId, crossPostingOrderId: null, orderIndex}]}`.
 */
import { type Hex, recoverTypedDataAddress, zeroAddress } from "viem"
import {
  Criteria,
  type Order,
  OrderSide,
  orderHash,
  orderTypedData,
  TokenKind,
  tokenSetRoot,
} from "../../chain/orders.js"
import type { CollectionInfo } from "../../core/catalog.js"
import type { OrderCriteria } from "../../core/orderBook.js"
import { makerNonce } from "../chainReads.js"
import { badRequest, type Route } from "../http.js"
import { isExpired } from "../orderParams.js"
import { orderFromJson } from "../steps.js"
import { hex, nonEmptyArray, object, optionalString, string, tokenId } from "../validate.js"

/** Why the Exchange would refuse to fill `order` whoever takes it (its `_validate` and fill checks), if it would. */
function unfillable(order: Order, collection: CollectionInfo, makerNonce: bigint): string | undefined {
  if (isExpired(order.expiry)) return `the order expired at ${order.expiry}`
  if (order.nonce < makerNonce)
    return `the order's nonce ${order.nonce} is below the maker's nonce ${makerNonce}: it is cancelled`
  const kind = collection.kind === "erc721" ? TokenKind.ERC721 : TokenKind.ERC1155
  if (order.tokenKind !== kind)
    return `order.tokenKind ${order.tokenKind} does not match the collection, an ${collection.kind === "erc721" ? "ERC-721" : "ERC-1155"}`
  if (order.amount === 0n) return "order.amount must be positive"
  if (kind === TokenKind.ERC721 && order.amount !== 1n) return "order.amount must be 1 for an ERC-721 token"
  if (order.side === OrderSide.Listing && order.criteria !== Criteria.Single)
    return `a listing must be on a single token (criteria ${Criteria.Single})`
  if (order.side === OrderSide.Bid && order.currency === zeroAddress)
    return "a bid must be paid in an ERC-20, not native ETH"
  const zeroRecipient = order.fees.findIndex((fee) => fee.recipient === zeroAddress)
  if (zeroRecipient >= 0) return `order.fees[${zeroRecipient}] pays the zero address`
  const fees = order.fees.reduce((sum, fee) => sum + fee.amount, 0n)
  if (fees > order.price) return `the order's fees (${fees}) exceed its price (${order.price})`
  return undefined
}

function criteriaOf(raw: unknown, order: Order): OrderCriteria {
  if (order.criteria === Criteria.Single) return { kind: "token", tokenId: order.tokenId }
  if (order.criteria === Criteria.Collection) return { kind: "collection" }
  const c = object(raw, "criteria")
  const tokenIds = nonEmptyArray(c.tokenIds, "criteria.tokenIds").map((id, j) => tokenId(id, `criteria.tokenIds[${j}]`))
  if (tokenSetRoot(tokenIds) !== order.tokenSetRoot)
    throw badRequest("criteria.tokenIds do not hash to the order's tokenSetRoot")
  const tokenSetId = string(c.tokenSetId, "criteria.tokenSetId")
  if (c.kind === "attribute") {
    const attribute = object(c.attribute, "criteria.attribute")
    return {
      kind: "attribute",
      attribute: { key: string(attribute.key, "attribute.key"), value: string(attribute.value, "attribute.value") },
      tokenSetId,
      tokenIds,
    }
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
      const signer = await recoverTypedDataAddress({ ...orderTypedData(chainId, exchange, order), signature }).catch(
        () => undefined,
      )
      if (signer === undefined || signer !== order.maker)
        throw badRequest(`items[${i}]: the signature is not the maker's`)
      const collection = ctx.catalog.collection(chainId, order.collection)
      if (collection === undefined) throw badRequest(`items[${i}]: unknown collection ${order.collection}`)
      const refusal = unfillable(order, collection, await makerNonce(ctx, order.maker))
      if (refusal !== undefined) throw badRequest(`items[${i}]: ${refusal}`)
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
      results.push({
        orderId: id,
        crossPostingOrderId: null,
        orderIndex: typeof item.orderIndex === "number" ? item.orderIndex : i,
      })
    }
    return { results }
  },
}
