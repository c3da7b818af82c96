import * as Effect from "effect/Effect"
import { type Address, getAddress, type Hex, zeroAddress } from "viem"
import { approvalTarget } from "./approvalTarget.js"
import { refuseUnsupported } from "./bookOptions.js"
import { checked } from "./checked.js"
import { fulfillmentTransaction } from "./fulfillmentTransaction.js"
import type { Json } from "./Json.js"
import { checkedPathEntry, listingPrice, namedOrder } from "./namedOrder.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import { type OpenSeaOrder, orderOf, tokenOf } from "./orderOf.js"
import { attempt, collectionOf, orderByHash, type PlanContext } from "./PlanContext.js"
import { currencyApprovalStep, transactionItem } from "./planSteps.js"
import { checkFulfillment } from "./seaport/checkFulfillment.js"
import { decodeSeaportCall } from "./seaport/decodeSeaportCall.js"
import { ItemType, sameAddress } from "./seaport/SeaportOrder.js"

/** The listing an item names, and the hash it is named by: its `orderId`, else the best listing of its `token`. */
const listingOf = (ctx: PlanContext, item: Json): Effect.Effect<{ readonly listing: OpenSeaOrder; readonly named: string }, OpenSeaFailure> =>
  item?.orderId !== undefined
    ? Effect.map(orderByHash(ctx, item.orderId), (listing) => ({ listing, named: String(item.orderId) }))
    : Effect.gen(function* () {
        const token = yield* attempt(() => tokenOf(item?.token))
        const collection = yield* collectionOf(ctx, token.contract)
        const best = yield* ctx.call("GET", `/api/v2/listings/collection/${encodeURIComponent(collection.slug)}/nfts/${token.tokenId}/best`)
        const listing = yield* attempt(() => orderOf(best))
        return { listing, named: listing.hash }
      })

/**
 * One purchase, checked: the named listing proven by its hash at the offerer's counter on chain, the token it sells
 * (the one the item names, when it names one), its price as its offerer signed it, and OpenSea's fulfilment for the
 * taker decoded and held to exactly that order, that token and that price.
 */
const purchaseOf = (ctx: PlanContext, taker: Address, item: Json) =>
  Effect.gen(function* () {
    const { listing, named } = yield* listingOf(ctx, item)
    const order = yield* namedOrder(ctx, listing, named)
    const sold = order.parameters.offer.find((offered) => offered.itemType === ItemType.ERC721 || offered.itemType === ItemType.ERC1155)
    if (sold === undefined) return yield* Effect.fail(OpenSeaFailure.check("token", "The listing sells no token", { Listing: order.hash }))
    const token = { contract: getAddress(sold.token), tokenId: sold.identifierOrCriteria.toString() }
    if (item?.token !== undefined) {
      const asked = yield* attempt(() => tokenOf(item.token))
      if (!sameAddress(asked.contract, token.contract) || asked.tokenId !== token.tokenId) {
        return yield* Effect.fail(
          OpenSeaFailure.check("token", "The listing sells another token than the one named", {
            Named: `${asked.contract}:${asked.tokenId}`,
            Sold: `${token.contract}:${token.tokenId}`,
          }),
        )
      }
    }
    const price = yield* listingPrice(order)
    const answer = yield* ctx.call("POST", "/api/v2/listings/fulfillment_data", {
      listing: { hash: order.hash, chain: ctx.chainName, protocol_address: ctx.config.seaport },
      fulfiller: { address: taker },
    })
    const call = yield* attempt(() => fulfillmentTransaction(answer?.fulfillment_data?.transaction))
    yield* checked(
      checkFulfillment(
        {
          side: "buy",
          seaport: ctx.config.seaport,
          taker,
          orders: [{ hash: order.hash, counter: order.counter, token: { contract: token.contract, tokenId: BigInt(token.tokenId) } }],
          maxPayment: new Map([[price.currency, price.amount]]),
        },
        call,
      ),
    )
    const fill = yield* checked(decodeSeaportCall(call))
    const conduitKey: Hex =
      fill.function === "cancel" || fill.fulfillerConduitKey === undefined ? order.parameters.conduitKey : fill.fulfillerConduitKey
    return { order, token, price, call, spender: yield* approvalTarget(ctx, conduitKey) }
  })

/**
 * `buy` on OpenSea: each named listing, proven and priced as its offerer signed it; fresh fulfilment data for the
 * taker (never stored: a resume asks again), decoded and checked against that listing before the wallet; the ERC-20
 * approvals the fills still need (of the conduit the fill names, or Seaport itself for the zero key); and the path
 * the price check compares with the expected price, in the chain's own decimals.
 */
export const buyPlan = (ctx: PlanContext, body: Json) =>
  Effect.gen(function* () {
    yield* attempt(() => refuseUnsupported(body))
    const taker = yield* attempt(() => getAddress(body?.taker))
    const items: ReadonlyArray<Json> = Array.isArray(body?.items) ? body.items : []
    const purchases = yield* Effect.forEach(items, (item) => purchaseOf(ctx, taker, item))
    const approvals = yield* currencyApprovalStep(
      ctx,
      taker,
      purchases
        .filter((purchase) => purchase.price.currency !== zeroAddress)
        .map((purchase) => ({ token: purchase.price.currency, spender: purchase.spender, amount: purchase.price.amount })),
    )
    const sale = {
      id: "sale",
      action: "Confirm transaction in your wallet",
      description: "Buy on OpenSea (Seaport 1.6)",
      kind: "transaction",
      items: purchases.map((purchase) => ({ ...transactionItem(ctx, taker, purchase.call), orderIds: [purchase.order.hash] })),
    }
    return {
      steps: [...approvals, sale],
      path: yield* Effect.forEach(purchases, (purchase) => checkedPathEntry(ctx, purchase.order, purchase.price, purchase.token)),
    }
  })
