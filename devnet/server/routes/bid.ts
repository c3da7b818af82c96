/**
 * `POST /execute/bid/v5`: `currency-wrapping` (WETH deposit) when the maker's WETH balance is short,
 * `currency-approval` when the Exchange may not spend enough of the bid currency, then one `order-signature`
 * item per bid, posted to `/order/v4`. A bid's item has no data until its currency is ready on chain.
 *
 * Bid kinds: `token` ("contract:tokenId") → token bid; `collection` → collection bid; `tokenSetId`
 * (`token:<contract>:<id>`, `contract:<contract>`, `list:<contract>:<id,id,…>`, or `token-set:<id,id,…>` with
 * `collection`) → token-set bid; `attributeKey` + `attributeValue` (+ `collection`, default Devnet Punks) →
 * a token-set bid on the tokens with that attribute. Fees and royalties as for listings (see list.ts): the seller
 * who accepts the bid receives the price minus them.
 */
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  zeroAddress,
  zeroHash,
} from "viem"
import { wrappedNativeAbi } from "../../artifacts/index.js"
import { Criteria, type Order, OrderSide, TokenKind, tokenSetRoot } from "../../chain/orders.js"
import type { OrderCriteria } from "../../core/orderBook.js"
import { erc20Allowance, erc20Balance, makerNonce, requireOrigin } from "../chainReads.js"
import type { DevnetContext } from "../context.js"
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
import {
  address,
  type Json,
  nonEmptyArray,
  object,
  optionalAddress,
  optionalString,
  token,
  tokenId,
} from "../validate.js"

/** The criteria of a bid, and the collection it is on. */
export function bidCriteria(
  ctx: DevnetContext,
  p: Json,
  name: string,
): { collection: Address; criteria: OrderCriteria } {
  const chainId = ctx.origin.chainId
  const collectionParam = optionalAddress(p.collection, `${name}.collection`)
  if (p.token !== undefined) {
    const { contract, tokenId } = token(p.token, `${name}.token`)
    return { collection: contract, criteria: { kind: "token", tokenId } }
  }
  const tokenSetId = optionalString(p.tokenSetId, `${name}.tokenSetId`)
  if (tokenSetId !== undefined) {
    const parts = tokenSetId.split(":")
    const ids = (list: string | undefined) => {
      const tokenIds = (list ?? "")
        .split(",")
        .filter(Boolean)
        .map((id) => tokenId(id, `${name}.tokenSetId token id`))
      if (tokenIds.length === 0) throw badRequest(`${name}.tokenSetId has no token ids`)
      return tokenIds
    }
    const contractOf = (value: string | undefined) => address(value, `${name}.tokenSetId contract`)
    if (parts[0] === "token" && parts.length === 3)
      return { collection: contractOf(parts[1]), criteria: { kind: "token", tokenId: ids(parts[2])[0]! } }
    if (parts[0] === "contract" && parts.length === 2)
      return { collection: contractOf(parts[1]), criteria: { kind: "collection" } }
    if (parts[0] === "list" && parts.length === 3) {
      return { collection: contractOf(parts[1]), criteria: { kind: "token-set", tokenSetId, tokenIds: ids(parts[2]) } }
    }
    if (parts[0] === "token-set" && parts.length === 2) {
      const collection = collectionParam ?? ctx.contracts.origin.punks
      return { collection, criteria: { kind: "token-set", tokenSetId, tokenIds: ids(parts[1]) } }
    }
    throw badRequest(`${name}.tokenSetId "${tokenSetId}" is not understood (token:, contract:, list: or token-set:)`)
  }
  if (p.attributeKey !== undefined || p.attributeValue !== undefined) {
    const key = optionalString(p.attributeKey, `${name}.attributeKey`)
    const value = optionalString(p.attributeValue, `${name}.attributeValue`)
    if (key === undefined || value === undefined) throw badRequest(`${name} needs both attributeKey and attributeValue`)
    const collection = collectionParam ?? ctx.contracts.origin.punks
    const tokenIds = ctx.indexer
      .tokensOf(chainId, collection)
      .map((t) => t.tokenId)
      .filter((id) => ctx.catalog.attributes(chainId, collection, id).some((a) => a.key === key && a.value === value))
    if (tokenIds.length === 0) throw badRequest(`No token of ${collection} has ${key} = ${value}`)
    const tokenSetId = `list:${collection}:${tokenSetRoot(tokenIds)}`
    return { collection, criteria: { kind: "attribute", attribute: { key, value }, tokenSetId, tokenIds } }
  }
  if (collectionParam !== undefined) return { collection: collectionParam, criteria: { kind: "collection" } }
  throw badRequest(`${name} needs a token, collection, tokenSetId, or attributeKey and attributeValue`)
}

/** The JSON form of a bid's criteria, carried in the signature post so the book can keep the token set. */
export function criteriaJson(criteria: OrderCriteria): Record<string, unknown> {
  switch (criteria.kind) {
    case "token":
      return { kind: "token", tokenId: criteria.tokenId.toString() }
    case "collection":
      return { kind: "collection" }
    case "token-set":
      return { kind: "token-set", tokenSetId: criteria.tokenSetId, tokenIds: criteria.tokenIds.map(String) }
    case "attribute":
      return {
        kind: "attribute",
        attribute: criteria.attribute,
        tokenSetId: criteria.tokenSetId,
        tokenIds: criteria.tokenIds.map(String),
      }
  }
}

export const bidRoute: Route = {
  method: "POST",
  pattern: "/execute/bid/v5",
  handler: async (ctx, req) => {
    requireOrigin(ctx, req.chain)
    const body = object(req.body)
    const maker = address(body.maker, "maker")
    const source = optionalString(body.source, "source") ?? "devnet"
    const chainId = ctx.origin.chainId
    const { exchange, weth } = ctx.contracts.origin
    const nonce = await makerNonce(ctx, maker)

    const bids = []
    for (const [i, raw] of nonEmptyArray(body.params, "params").entries()) {
      const p = object(raw, `params[${i}]`)
      const { collection, criteria } = bidCriteria(ctx, p, `params[${i}]`)
      const info = ctx.catalog.collection(chainId, collection)
      if (info === undefined) throw badRequest(`Collection ${collection} is not traded on this devnet`)
      const common = commonOrderParams(ctx, p, `params[${i}]`)
      if (info.kind === "erc721" && common.quantity !== 1n)
        throw badRequest(`params[${i}].quantity must be 1 for an ERC-721 collection`)
      const currency = common.currency ?? weth
      if (currency === zeroAddress)
        throw badRequest(`params[${i}].currency: bids are paid in an ERC-20 (WETH or USDC), not native ETH`)
      const tokenId = criteria.kind === "token" ? criteria.tokenId : 0n
      const order: Order = {
        side: OrderSide.Bid,
        maker,
        collection: getAddress(collection),
        tokenKind: info.kind === "erc721" ? TokenKind.ERC721 : TokenKind.ERC1155,
        tokenId,
        amount: common.quantity,
        currency,
        price: common.price,
        criteria:
          criteria.kind === "token"
            ? Criteria.Single
            : criteria.kind === "collection"
              ? Criteria.Collection
              : Criteria.TokenSet,
        tokenSetRoot:
          criteria.kind === "token-set" || criteria.kind === "attribute"
            ? tokenSetRoot(criteria.tokenIds)
            : (zeroHash as Hex),
        expiry: common.expiry,
        nonce,
        salt: randomSalt(),
        // The devnet royalty is one per collection, so the token a collection or token-set bid will get does not matter.
        fees: await orderFees(ctx, { collection: getAddress(collection), tokenId, currency }, common, `params[${i}]`),
      }
      bids.push({ order, criteria, common })
    }

    const totals = new Map<Address, bigint>()
    for (const { order } of bids) totals.set(order.currency, (totals.get(order.currency) ?? 0n) + order.price)
    const ready = new Map<Address, boolean>()
    let wrapping: Record<string, unknown> | undefined
    const approvalSteps = []
    for (const [currency, total] of totals) {
      const [balance, allowance] = await Promise.all([
        erc20Balance(ctx.origin, currency, maker),
        erc20Allowance(ctx.origin, currency, maker, exchange),
      ])
      if (balance < total && currency !== weth) {
        throw badRequest(
          `${maker} holds ${balance} of ${currencyOf(ctx, chainId, currency).symbol} (smallest units), the bids need ${total}`,
        )
      }
      if (balance < total) {
        wrapping = txItem(
          {
            from: maker,
            to: weth,
            data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
            value: (total - balance).toString(),
          },
          { check: transactionCheck },
        )
      }
      const approval =
        allowance >= total
          ? []
          : [
              txItem(
                {
                  from: maker,
                  to: currency,
                  data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [exchange, maxUint256] }),
                  value: "0",
                },
                { check: transactionCheck },
              ),
            ]
      approvalSteps.push(
        step(
          "currency-approval",
          "transaction",
          "Approve currency",
          "A one-time setup transaction to enable trading with this currency",
          approval,
        ),
      )
      ready.set(currency, balance >= total && allowance >= total)
    }

    const signatures = bids.map(({ order, criteria, common }, i) =>
      ready.get(order.currency)
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
                      criteria: criteriaJson(criteria),
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
        step(
          "currency-wrapping",
          "transaction",
          "Wrapping currency",
          "We'll ask your approval to wrap the currency for bidding",
          wrapping === undefined ? [] : [wrapping],
        ),
        ...approvalSteps,
        step(
          "order-signature",
          "signature",
          "Authorize offer",
          "A free off-chain signature to create the offer",
          signatures,
        ),
      ],
      bids.map(({ order }) =>
        pathEntry(currencyOf(ctx, chainId, order.currency), order.price, {
          contract: order.collection,
          ...(order.criteria === Criteria.Single ? { tokenId: order.tokenId } : {}),
          quantity: order.amount,
        }),
      ),
    )
  },
}
