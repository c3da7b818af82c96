/**
 * `POST /execute/sell/v7` (accept offer): sells each token into the best bid it satisfies — a token bid, a
 * collection bid, or a token-set / attribute bid (with the merkle proof) — through `Exchange.fillBid`,
 * after `setApprovalForAll` when the taker has not approved the Exchange for the collection.
 */
import { type Address, encodeFunctionData, type Hex } from "viem"
import { devnetERC721Abi, exchangeAbi } from "../../artifacts/index.js"
import { tokenSetProof } from "../../chain/orders.js"
import type { BookOrder } from "../../core/orderBook.js"
import { erc20Allowance, erc20Balance, isApprovedForAll, requireOrigin } from "../chainReads.js"
import type { DevnetContext } from "../context.js"
import { badRequest, HttpError, type Route } from "../http.js"
import { isExpired } from "../orderParams.js"
import { executeResponse, oneStepPerItem, orderPathEntry, step, transactionCheck, txItem } from "../steps.js"
import { address, nonEmptyArray, object, optionalString, token } from "../validate.js"

/** A bid can be filled when its maker can still pay. */
async function payable(ctx: DevnetContext, o: BookOrder): Promise<boolean> {
  if (isExpired(o.order.expiry)) return false
  const [balance, allowance] = await Promise.all([
    erc20Balance(ctx.origin, o.order.currency, o.order.maker),
    erc20Allowance(ctx.origin, o.order.currency, o.order.maker, ctx.contracts.origin.exchange),
  ])
  return balance >= o.order.price && allowance >= o.order.price
}

function matches(o: BookOrder, contract: Address, tokenId: bigint): boolean {
  if (o.order.collection !== contract) return false
  switch (o.criteria.kind) {
    case "token":
      return o.criteria.tokenId === tokenId
    case "collection":
      return true
    default:
      return o.criteria.tokenIds.includes(tokenId)
  }
}

function proofFor(o: BookOrder, tokenId: bigint): Hex[] {
  return o.criteria.kind === "token-set" || o.criteria.kind === "attribute"
    ? tokenSetProof(o.criteria.tokenIds, tokenId)
    : []
}

export const sellRoute: Route = {
  method: "POST",
  pattern: "/execute/sell/v7",
  handler: async (ctx, req) => {
    requireOrigin(ctx, req.chain)
    const body = object(req.body)
    const taker = address(body.taker, "taker")
    const items = nonEmptyArray(body.items, "items").map((item, i) => object(item, `items[${i}]`))
    const exchange = ctx.contracts.origin.exchange
    const chainId = ctx.origin.chainId

    const fills: { o: BookOrder; contract: Address; tokenId: bigint }[] = []
    for (const [i, item] of items.entries()) {
      const { contract, tokenId } = token(item.token, `items[${i}].token`)
      const collection = ctx.catalog.collection(chainId, contract)
      if (collection === undefined) throw badRequest(`Collection ${contract} is not traded on this devnet`)
      const held =
        collection.kind === "erc721"
          ? ctx.indexer.ownerOf(chainId, contract, tokenId) === taker
          : ctx.indexer.balanceOf(chainId, contract, tokenId, taker) > 0n
      if (!held) throw badRequest(`${taker} does not own token ${contract}:${tokenId}`)
      const orderId = optionalString(item.orderId, `items[${i}].orderId`)
      let chosen: BookOrder | undefined
      if (orderId !== undefined) {
        const o = ctx.book.get(orderId)
        if (o === undefined || o.side !== "bid") throw new HttpError(400, `Order ${orderId} is not a bid in the book`)
        if (o.status !== "active")
          throw new HttpError(400, `Order ${orderId} is ${o.status} and can no longer be filled`)
        if (!matches(o, contract, tokenId))
          throw new HttpError(400, `Order ${orderId} does not accept token ${contract}:${tokenId}`)
        if (!(await payable(ctx, o))) throw new HttpError(400, `The maker of order ${orderId} cannot pay it`)
        chosen = o
      } else {
        for (const o of ctx.book.bidsFor(chainId, contract, tokenId)) {
          if (o.order.maker === taker || fills.some((f) => f.o.id === o.id)) continue
          if (await payable(ctx, o)) {
            chosen = o
            break
          }
        }
      }
      if (chosen === undefined) throw new HttpError(400, `No available orders for token ${contract}:${tokenId}`)
      fills.push({ o: chosen, contract, tokenId })
    }

    const approvals = []
    for (const contract of new Set(fills.map((f) => f.contract))) {
      if (await isApprovedForAll(ctx.origin, contract, taker, exchange)) continue
      approvals.push(
        txItem({
          from: taker,
          to: contract,
          data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "setApprovalForAll", args: [exchange, true] }),
          value: "0",
        }),
      )
    }
    const sales = fills.map(({ o, tokenId }) =>
      txItem(
        {
          from: taker,
          to: exchange,
          data: encodeFunctionData({
            abi: exchangeAbi,
            functionName: "fillBid",
            args: [o.order, o.signature, tokenId, proofFor(o, tokenId)],
          }),
          value: "0",
        },
        { orderIds: [o.id], check: transactionCheck },
      ),
    )
    return executeResponse(
      [
        ...oneStepPerItem(
          "nft-approval",
          "Approve NFT contract",
          "Each NFT collection you want to trade requires a one-time approval transaction",
          approvals,
        ),
        ...(sales.length === 1
          ? [
              step(
                "sale",
                "transaction",
                "Accept offer",
                "To sell this item you must confirm the transaction and pay the gas fee",
                sales,
              ),
            ]
          : oneStepPerItem(
              "sale",
              "Accept offer",
              "To sell this item you must confirm the transaction and pay the gas fee",
              sales,
            )),
      ],
      fills.map(({ o, tokenId }) => orderPathEntry(ctx, o, tokenId)),
    )
  },
}
