/**
 * `POST /execute/buy/v7`: fills the cheapest active listing of each requested token (or the given orders)
 * through `Exchange.fillListing` / `fillListings`, after approving the Exchange for any ERC-20 the taker
 * pays in and has not allowed enough of.
 */
import { encodeFunctionData, maxUint256, zeroAddress, type Address } from "viem"
import { erc20Abi } from "viem"
import { exchangeAbi } from "../../artifacts/index.js"
import type { BookOrder } from "../../core/orderBook.js"
import { erc20Allowance, isApprovedForAll, requireOrigin } from "../chainReads.js"
import type { DevnetContext } from "../context.js"
import { badRequest, HttpError, type Route } from "../http.js"
import { isExpired } from "../orderParams.js"
import { executeResponse, orderPathEntry, step, transactionCheck, txItem } from "../steps.js"
import { address, nonEmptyArray, object, optionalAddress, optionalString, token } from "../validate.js"

/** A listing can be filled when its maker still owns the token and has the Exchange approved. */
async function fillable(ctx: DevnetContext, o: BookOrder, taker: Address): Promise<boolean> {
  if (o.order.maker === taker) return false
  if (isExpired(o.order.expiry)) return false
  const chainId = o.chainId
  const held =
    o.order.tokenKind === 0
      ? ctx.indexer.ownerOf(chainId, o.order.collection, o.order.tokenId) === o.order.maker
      : ctx.indexer.balanceOf(chainId, o.order.collection, o.order.tokenId, o.order.maker) >= o.order.amount
  return held && (await isApprovedForAll(ctx.origin, o.order.collection, o.order.maker, ctx.contracts.origin.exchange))
}

async function pickListing(ctx: DevnetContext, item: Record<string, unknown>, index: number, taker: Address, currency: Address | undefined, taken: Set<string>) {
  const orderId = optionalString(item.orderId, `items[${index}].orderId`)
  if (orderId !== undefined) {
    const o = ctx.book.get(orderId)
    if (o === undefined || o.side !== "listing") throw new HttpError(400, `Order ${orderId} is not a listing in the book`)
    if (o.status !== "active") throw new HttpError(400, `Order ${orderId} is ${o.status} and can no longer be filled`)
    if (!(await fillable(ctx, o, taker))) throw new HttpError(400, `Order ${orderId} is not fillable`)
    return o
  }
  const { contract, tokenId } = token(item.token, `items[${index}].token`)
  const candidates = ctx.book
    .listingsOf(ctx.origin.chainId, contract, tokenId)
    .filter((o) => !taken.has(o.id) && (currency === undefined || o.order.currency === currency))
  // Without a currency preference, native listings first: prices in different currencies do not compare.
  const ordered = currency === undefined ? [...candidates.filter((o) => o.order.currency === zeroAddress), ...candidates.filter((o) => o.order.currency !== zeroAddress)] : candidates
  for (const o of ordered) if (await fillable(ctx, o, taker)) return o
  throw new HttpError(400, `No available orders for token ${contract}:${tokenId}`)
}

export const buyRoute: Route = {
  method: "POST",
  pattern: "/execute/buy/v7",
  handler: async (ctx, req) => {
    requireOrigin(ctx, req.chain)
    const body = object(req.body)
    const taker = address(body.taker, "taker")
    const items = nonEmptyArray(body.items, "items").map((item, i) => object(item, `items[${i}]`))
    const currency = optionalAddress(body.currency, "currency")

    const orders: BookOrder[] = []
    const taken = new Set<string>()
    for (const [i, item] of items.entries()) {
      const o = await pickListing(ctx, item, i, taker, currency, taken)
      if (taken.has(o.id)) throw badRequest(`Order ${o.id} is requested twice`)
      taken.add(o.id)
      orders.push(o)
    }

    const exchange = ctx.contracts.origin.exchange
    const erc20Totals = new Map<Address, bigint>()
    let nativeTotal = 0n
    for (const o of orders) {
      if (o.order.currency === zeroAddress) nativeTotal += o.order.price
      else erc20Totals.set(o.order.currency, (erc20Totals.get(o.order.currency) ?? 0n) + o.order.price)
    }
    const approvals = []
    for (const [erc20, total] of erc20Totals) {
      if ((await erc20Allowance(ctx.origin, erc20, taker, exchange)) >= total) continue
      approvals.push(
        txItem({ from: taker, to: erc20, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [exchange, maxUint256] }), value: "0" }),
      )
    }

    const data =
      orders.length === 1
        ? encodeFunctionData({ abi: exchangeAbi, functionName: "fillListing", args: [orders[0]!.order, orders[0]!.signature, taker] })
        : encodeFunctionData({ abi: exchangeAbi, functionName: "fillListings", args: [orders.map((o) => o.order), orders.map((o) => o.signature), taker] })
    const sale = txItem(
      { from: taker, to: exchange, data, value: nativeTotal.toString() },
      { orderIds: orders.map((o) => o.id), check: transactionCheck },
    )
    return executeResponse(
      [
        step("currency-approval", "transaction", "Approve currency", "A one-time setup transaction to enable trading with this currency", approvals),
        step("sale", "transaction", "Confirm transaction in your wallet", "To purchase this item you must confirm the transaction and pay the gas fee", [sale]),
      ],
      orders.map((o) => orderPathEntry(ctx, o)),
    )
  },
}
