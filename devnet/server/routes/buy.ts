/**
 * `POST /execute/buy/v7`: fills the cheapest active listing of each requested token (or the given orders)
 * through `Exchange.fillListing` / `fillListings`, after approving the Exchange for any ERC-20 the taker
 * pays in and has not allowed enough of — first resetting a nonzero allowance to zero for a token that demands
 * it (USDT's rule), each approval a step of its own so that they go out in order. `feesOnTop` ("0xRecipient:amount")
 * are paid by the taker on top of the prices, in the listings' currency, through `Exchange.fillListingsWithFees`.
 * With `partial: true`, the items that cannot be filled are listed in the answer's `errors` (`{ message, orderId? }`,
 * as reservoir does) and the rest is bought; without it, or when nothing can be filled, an unfillable item is a 400.
 */
import { type Address, encodeFunctionData, erc20Abi, getAddress, maxUint256, zeroAddress } from "viem"
import { exchangeAbi } from "../../artifacts/index.js"
import type { Fee } from "../../chain/orders.js"
import type { BookOrder } from "../../core/orderBook.js"
import { erc20Allowance, isApprovedForAll, requireOrigin } from "../chainReads.js"
import type { DevnetContext } from "../context.js"
import { badRequest, HttpError, type Route } from "../http.js"
import { isExpired } from "../orderParams.js"
import { executeResponse, oneStepPerItem, orderPathEntry, step, transactionCheck, txItem } from "../steps.js"
import { address, array, nonEmptyArray, object, optionalAddress, optionalString, token } from "../validate.js"

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

async function pickListing(
  ctx: DevnetContext,
  item: Record<string, unknown>,
  index: number,
  taker: Address,
  currency: Address | undefined,
  taken: Set<string>,
) {
  const orderId = optionalString(item.orderId, `items[${index}].orderId`)
  if (orderId !== undefined) {
    const o = ctx.book.get(orderId)
    if (o === undefined || o.side !== "listing")
      throw new HttpError(400, `Order ${orderId} is not a listing in the book`)
    if (o.status !== "active") throw new HttpError(400, `Order ${orderId} is ${o.status} and can no longer be filled`)
    if (!(await fillable(ctx, o, taker))) throw new HttpError(400, `Order ${orderId} is not fillable`)
    return o
  }
  const { contract, tokenId } = token(item.token, `items[${index}].token`)
  const candidates = ctx.book
    .listingsOf(ctx.origin.chainId, contract, tokenId)
    .filter((o) => !taken.has(o.id) && (currency === undefined || o.order.currency === currency))
  // Without a currency preference, native listings first: prices in different currencies do not compare.
  const ordered =
    currency === undefined
      ? [
          ...candidates.filter((o) => o.order.currency === zeroAddress),
          ...candidates.filter((o) => o.order.currency !== zeroAddress),
        ]
      : candidates
  for (const o of ordered) if (await fillable(ctx, o, taker)) return o
  throw new HttpError(400, `No available orders for token ${contract}:${tokenId}`)
}

/** `feesOnTop` as reservoir takes it: "0xRecipient:amount", the amount in the smallest unit of the buy-in currency. */
function parseFeesOnTop(value: unknown): ReadonlyArray<Fee> {
  if (value === undefined || value === null) return []
  return array(value, "feesOnTop").map((fee, i) => {
    if (typeof fee !== "string" || !/^0x[0-9a-fA-F]{40}:[0-9]+$/.test(fee))
      throw badRequest(`feesOnTop[${i}] must look like "0xRecipient:amount"`)
    const [recipient, amount] = fee.split(":") as [string, string]
    if (BigInt(recipient) === 0n) throw badRequest(`feesOnTop[${i}] pays the zero address`)
    return { recipient: getAddress(recipient), amount: BigInt(amount) }
  })
}

/** The currency fees on top are paid in: the listings' one currency (a `currency` in the request picks only listings in it). */
function feeCurrencyOf(orders: ReadonlyArray<BookOrder>): Address {
  const currencies = new Set(orders.map((o) => o.order.currency))
  if (currencies.size > 1)
    throw badRequest("feesOnTop needs one currency: the listings are priced in several, so pass `currency`")
  return orders[0]!.order.currency
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
    const feesOnTop = parseFeesOnTop(body.feesOnTop)

    const partial = body.partial === true
    const orders: BookOrder[] = []
    const unfilled: Array<{ message: string; orderId?: string }> = []
    const taken = new Set<string>()
    for (const [i, item] of items.entries()) {
      let o: BookOrder
      try {
        o = await pickListing(ctx, item, i, taker, currency, taken)
      } catch (error) {
        // With `partial`, an item that cannot be filled is listed in `errors` and the others go ahead.
        if (!partial || !(error instanceof HttpError) || error.status !== 400) throw error
        const orderId = typeof item.orderId === "string" ? item.orderId : undefined
        unfilled.push({ message: error.message, ...(orderId !== undefined ? { orderId } : {}) })
        continue
      }
      if (taken.has(o.id)) throw badRequest(`Order ${o.id} is requested twice`)
      taken.add(o.id)
      orders.push(o)
    }
    if (orders.length === 0) throw badRequest(unfilled[0]?.message ?? "Nothing to buy")

    const exchange = ctx.contracts.origin.exchange
    const feeCurrency = feesOnTop.length === 0 ? undefined : feeCurrencyOf(orders)
    const payments = [
      ...orders.map((o) => ({ currency: o.order.currency, amount: o.order.price })),
      ...feesOnTop.map((fee) => ({ currency: feeCurrency!, amount: fee.amount })),
    ]
    const erc20Totals = new Map<Address, bigint>()
    let nativeTotal = 0n
    for (const payment of payments) {
      if (payment.currency === zeroAddress) nativeTotal += payment.amount
      else erc20Totals.set(payment.currency, (erc20Totals.get(payment.currency) ?? 0n) + payment.amount)
    }
    const approvals = []
    const approve = (erc20: Address, amount: bigint) =>
      txItem({
        from: taker,
        to: erc20,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [exchange, amount] }),
        value: "0",
      })
    for (const [erc20, total] of erc20Totals) {
      const allowed = await erc20Allowance(ctx.origin, erc20, taker, exchange)
      if (allowed >= total) continue
      if (allowed > 0n && ctx.catalog.currency(ctx.origin.chainId, erc20)?.zeroResetApproval === true)
        approvals.push(approve(erc20, 0n))
      approvals.push(approve(erc20, maxUint256))
    }

    const fillArgs = [orders.map((o) => o.order), orders.map((o) => o.signature), taker] as const
    const data =
      feeCurrency !== undefined
        ? encodeFunctionData({
            abi: exchangeAbi,
            functionName: "fillListingsWithFees",
            args: [...fillArgs, feeCurrency, feesOnTop],
          })
        : orders.length === 1
          ? encodeFunctionData({
              abi: exchangeAbi,
              functionName: "fillListing",
              args: [orders[0]!.order, orders[0]!.signature, taker],
            })
          : encodeFunctionData({ abi: exchangeAbi, functionName: "fillListings", args: fillArgs })
    const sale = txItem(
      { from: taker, to: exchange, data, value: nativeTotal.toString() },
      { orderIds: orders.map((o) => o.id), check: transactionCheck },
    )
    return executeResponse(
      [
        ...oneStepPerItem(
          "currency-approval",
          "Approve currency",
          "A one-time setup transaction to enable trading with this currency",
          approvals,
        ),
        step(
          "sale",
          "transaction",
          "Confirm transaction in your wallet",
          "To purchase this item you must confirm the transaction and pay the gas fee",
          [sale],
        ),
      ],
      orders.map((o) => orderPathEntry(ctx, o)),
      unfilled.length > 0 ? { errors: unfilled } : {},
    )
  },
}
