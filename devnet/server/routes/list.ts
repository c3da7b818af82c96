/**
 * `POST /execute/list/v5`: `nft-approval` when the maker has not approved the Exchange for a collection, then
 * one `order-signature` item per listing (an EIP-712 Exchange order, posted to `/order/v4`). A listing's item
 * comes without data while its collection's approval is not on chain; the client re-posts the request. The
 * order carries its marketplace fees (`fees` / `marketplaceFees`, in bps) and the collection's royalty (unless
 * `automatedRoyalties` is false; at most `royaltyBps`) as amounts the Exchange pays out of the price.
 */
import { encodeFunctionData, zeroAddress, zeroHash } from "viem"
import { devnetERC721Abi } from "../../artifacts/index.js"
import { Criteria, type Order, OrderSide, TokenKind } from "../../chain/orders.js"
import { isApprovedForAll, makerNonce, requireOrigin } from "../chainReads.js"
import { badRequest, type Route } from "../http.js"
import { orderFees } from "../orderFees.js"
import { commonOrderParams } from "../orderParams.js"
import {
  currencyOf,
  executeResponse,
  orderJson,
  orderSign,
  pathEntry,
  randomSalt,
  step,
  transactionCheck,
  txItem,
} from "../steps.js"
import { address, nonEmptyArray, object, optionalString, token } from "../validate.js"

export const listRoute: Route = {
  method: "POST",
  pattern: "/execute/list/v5",
  handler: async (ctx, req) => {
    requireOrigin(ctx, req.chain)
    const body = object(req.body)
    const maker = address(body.maker, "maker")
    const source = optionalString(body.source, "source") ?? "devnet"
    const chainId = ctx.origin.chainId
    const exchange = ctx.contracts.origin.exchange
    const nonce = await makerNonce(ctx, maker)

    const listings = []
    for (const [i, raw] of nonEmptyArray(body.params, "params").entries()) {
      const p = object(raw, `params[${i}]`)
      const { contract, tokenId } = token(p.token, `params[${i}].token`)
      const collection = ctx.catalog.collection(chainId, contract)
      if (collection === undefined) throw badRequest(`Collection ${contract} is not traded on this devnet`)
      const common = commonOrderParams(ctx, p, `params[${i}]`)
      if (collection.kind === "erc721") {
        if (common.quantity !== 1n) throw badRequest(`params[${i}].quantity must be 1 for an ERC-721 token`)
        if (ctx.indexer.ownerOf(chainId, contract, tokenId) !== maker)
          throw badRequest(`${maker} does not own token ${contract}:${tokenId}`)
      } else if (ctx.indexer.balanceOf(chainId, contract, tokenId, maker) < common.quantity) {
        throw badRequest(`${maker} holds fewer than ${common.quantity} of ${contract}:${tokenId}`)
      }
      const currency = common.currency ?? zeroAddress
      const order: Order = {
        side: OrderSide.Listing,
        maker,
        collection: contract,
        tokenKind: collection.kind === "erc721" ? TokenKind.ERC721 : TokenKind.ERC1155,
        tokenId,
        amount: common.quantity,
        currency,
        price: common.price,
        criteria: Criteria.Single,
        tokenSetRoot: zeroHash,
        expiry: common.expiry,
        nonce,
        salt: randomSalt(),
        fees: await orderFees(ctx, { collection: contract, tokenId, currency }, common, `params[${i}]`),
      }
      listings.push({ order, common })
    }

    const approved = new Map<string, boolean>()
    for (const contract of new Set(listings.map((l) => l.order.collection))) {
      approved.set(contract, await isApprovedForAll(ctx.origin, contract, maker, exchange))
    }
    // One approval step per collection of the request, empty once approved: the step indexes must not move
    // between this answer and the re-posts that wait for the signature data.
    const approvalSteps = [...approved].map(([contract, ok]) =>
      step(
        "nft-approval",
        "transaction",
        "Approve NFT contract",
        "Each NFT collection you want to trade requires a one-time approval transaction",
        ok
          ? []
          : [
              txItem(
                {
                  from: maker,
                  to: contract as `0x${string}`,
                  data: encodeFunctionData({
                    abi: devnetERC721Abi,
                    functionName: "setApprovalForAll",
                    args: [exchange, true],
                  }),
                  value: "0",
                },
                { check: transactionCheck },
              ),
            ],
      ),
    )
    const signatures = listings.map(({ order, common }, i) =>
      approved.get(order.collection)
        ? {
            status: "incomplete",
            orderIndexes: [i],
            data: {
              sign: orderSign(chainId, exchange, order),
              post: {
                endpoint: "/order/v4",
                method: "POST",
                body: {
                  items: [
                    {
                      order: { kind: common.orderKind, data: orderJson(order) },
                      orderbook: common.orderbook,
                      orderIndex: i,
                      fees: common.fees,
                    },
                  ],
                  source,
                },
              },
            },
          }
        : {
            status: "incomplete",
            orderIndexes: [i],
            tip: "This step is dependent on a previous step. Once you've completed it, results of this step will be available.",
          },
    )
    return executeResponse(
      [
        ...approvalSteps,
        step(
          "order-signature",
          "signature",
          "Authorize listing",
          "A free off-chain signature to create the listing",
          signatures,
        ),
      ],
      listings.map(({ order }) =>
        pathEntry(currencyOf(ctx, chainId, order.currency), order.price, {
          contract: order.collection,
          tokenId: order.tokenId,
          quantity: order.amount,
        }),
      ),
    )
  },
}
