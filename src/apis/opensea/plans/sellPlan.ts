import * as Effect from "effect/Effect"
import { type Address, getAddress, type Hex } from "viem"
import { refuseUnsupported } from "../book/bookOptions.js"
import { checked } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { ask, attempt, collectionOf, orderByHash, type PlanContext, read } from "../book/PlanContext.js"
import { checkFulfillment } from "../seaport/checkFulfillment.js"
import { decodeSeaportCall } from "../seaport/decodeSeaportCall.js"
import { isCriteriaItem, sameAddress } from "../seaport/SeaportOrder.js"
import { FulfillmentAnswer, OrderAnswer } from "../wire/answers.js"
import { decodeRequest } from "../wire/decode.js"
import { type OpenSeaOrder, orderOf, tokenOf } from "../wire/orderOf.js"
import { SellRequest } from "../wire/requests.js"
import { approvalTarget } from "./approvalTarget.js"
import { checkQuantity, refuseFeesOnTop, refusePartialSale } from "./fillOptions.js"
import { fulfillmentTransaction } from "./fulfillmentTransaction.js"
import { checkedPathEntry, namedOrder, offerProceeds } from "./namedOrder.js"
import { nftApprovalStep, transactionItem } from "./planSteps.js"
import { checkCriteriaProofs, checkTokenTraits, offerTraitsOf } from "./traitSale.js"

/** A token a sale names, into its `orderId` or the token's best offer. */
type SellItem = SellRequest["items"][number]

/**
 * The offer an item names, and the hash it is named by: its `orderId`, else the token's best item or collection offer.
 */
const offerOf = (ctx: PlanContext, item: SellItem, token: { readonly contract: Address; readonly tokenId: string }) => {
  const { orderId } = item
  return orderId !== undefined
    ? Effect.map(orderByHash(ctx, orderId), (offer) => ({ offer, named: orderId }))
    : Effect.gen(function* () {
        const collection = yield* collectionOf(ctx, token.contract)
        const answer = yield* ask(
          ctx,
          OrderAnswer,
          "GET",
          `/api/v2/offers/collection/${encodeURIComponent(collection.slug)}/nfts/${token.tokenId}/best`,
        )
        const offer: OpenSeaOrder = yield* read(() => orderOf(answer))
        return { offer, named: offer.hash }
      })
}

/**
 * One sale, checked: the named offer proven by its hash at the offerer's counter on chain, what the seller gets
 * for it as its offerer signed it (the offer less the fees paid out of it), and OpenSea's fulfilment decoded and held
 * to selling exactly the named token into exactly that offer for at least that. Into a trait offer: only a token with
 * its traits, and only with a criteria proof of that token against the offer's root.
 */
const saleOf = (ctx: PlanContext, taker: Address, item: SellItem) =>
  Effect.gen(function* () {
    const token = yield* read(() => tokenOf(item.token))
    const { offer, named } = yield* offerOf(ctx, item, token)
    const order = yield* namedOrder(ctx, offer, named)
    const proceeds = yield* offerProceeds(order)
    // A trait offer buys only a token with its traits: a token without them is refused before anything is asked.
    const wanted = order.parameters.consideration[0]
    if (wanted !== undefined && isCriteriaItem(wanted))
      yield* checkTokenTraits(ctx, token, yield* offerTraitsOf(ctx, order.hash))
    const answer = yield* ask(ctx, FulfillmentAnswer, "POST", "/api/v2/offers/fulfillment_data", {
      offer: { hash: order.hash, chain: ctx.chainName, protocol_address: ctx.config.seaport },
      fulfiller: { address: taker },
      consideration: { asset_contract_address: token.contract, token_id: token.tokenId },
    })
    const call = yield* read(() => fulfillmentTransaction(answer.fulfillment_data.transaction))
    yield* checked(
      checkFulfillment(
        {
          side: "sell",
          seaport: ctx.config.seaport,
          taker,
          orders: [{ hash: order.hash, counter: order.counter }],
          sellToken: { contract: token.contract, tokenId: BigInt(token.tokenId) },
          minReceive: proceeds,
        },
        call,
      ),
    )
    // The token goes through the fulfiller's conduit, or in a match through the conduit of the seller's own order.
    const fill = yield* checked(decodeSeaportCall(call))
    if (fill.function === "cancel")
      return yield* Effect.fail(OpenSeaError.failedCheck("function", "The fulfilment is a cancel"))
    yield* checkCriteriaProofs(fill, BigInt(token.tokenId))
    const own = fill.orders.find((carried) => sameAddress(carried.parameters.offerer, taker))
    const conduitKey: Hex = fill.fulfillerConduitKey ?? own?.parameters.conduitKey ?? ctx.config.conduitKey
    return { token, order, proceeds, call, operator: yield* approvalTarget(ctx, conduitKey) }
  })

/**
 * `sell` on OpenSea: each item's offer (its `orderId`, else the token's best item or collection offer), proven and
 * priced as its offerer signed it; fresh fulfilment data for the taker's token, decoded and checked against it
 * before the wallet; the `setApprovalForAll` the fill's conduit (or Seaport) still needs; and the path: what the
 * seller gets, in the chain's own decimals.
 */
export const sellPlan = (ctx: PlanContext, body: unknown) =>
  Effect.gen(function* () {
    const request = yield* decodeRequest(SellRequest, body)
    yield* read(() => refuseUnsupported(request))
    yield* read(() => refuseFeesOnTop(request))
    yield* read(() => refusePartialSale(request))
    // OpenSea's fulfilment sells one unit of the named token into the offer: any other quantity is refused.
    for (const item of request.items)
      yield* read(() => checkQuantity(item.quantity, { units: 1n, orderType: 0, hash: item.orderId ?? item.token }))
    const taker = yield* attempt(() => getAddress(request.taker))
    const sales = yield* Effect.forEach(request.items, (item) => saleOf(ctx, taker, item))
    const approvals = yield* nftApprovalStep(
      ctx,
      taker,
      sales.map((sale) => ({ contract: sale.token.contract, operator: sale.operator })),
    )
    const sale = {
      id: "sale",
      action: "Accept offer",
      description: "Sell on OpenSea (Seaport 1.6)",
      kind: "transaction",
      items: sales.map((entry) => ({ ...transactionItem(ctx, taker, entry.call), orderIds: [entry.order.hash] })),
    }
    return {
      steps: [...approvals, sale],
      path: yield* Effect.forEach(sales, (entry) => checkedPathEntry(ctx, entry.order, entry.proceeds, entry.token)),
    }
  })
