import * as Effect from "effect/Effect"
import { getAddress } from "viem"
import { refuseUnsupported } from "./bookOptions.js"
import { fulfillmentTransaction } from "./fulfillmentTransaction.js"
import type { Json } from "./Json.js"
import { orderOf, tokenOf } from "./orderOf.js"
import { attempt, collectionOf, feeOf, orderByHash, type PlanContext } from "./PlanContext.js"
import { pathEntry } from "./pathEntry.js"
import { nftApprovalStep, transactionItem } from "./planSteps.js"

/**
 * `POST /execute/sell/v7` on OpenSea: each item's offer (its `orderId`, else the token's best item or collection
 * offer), fresh fulfilment data for the taker's token, the conduit's `setApprovalForAll` when missing, and the
 * path: what the seller gets, the offer less the collection's required fees.
 */
export const sellPlan = (ctx: PlanContext, body: Json) =>
  Effect.gen(function* () {
    yield* attempt(() => refuseUnsupported(body))
    const taker = yield* attempt(() => getAddress(body?.taker))
    const items: ReadonlyArray<Json> = Array.isArray(body?.items) ? body.items : []
    const sales = yield* Effect.forEach(items, (item) =>
      Effect.gen(function* () {
        const token = yield* attempt(() => tokenOf(item?.token))
        const collection = yield* collectionOf(ctx, token.contract)
        const offer =
          item?.orderId !== undefined
            ? yield* orderByHash(ctx, item.orderId)
            : yield* Effect.flatMap(
                ctx.call("GET", `/api/v2/offers/collection/${encodeURIComponent(collection.slug)}/nfts/${token.tokenId}/best`),
                (answer) => attempt(() => orderOf(answer)),
              )
        const answer = yield* ctx.call("POST", "/api/v2/offers/fulfillment_data", {
          offer: { hash: offer.hash, chain: ctx.chainName, protocol_address: offer.protocolAddress },
          fulfiller: { address: taker },
          consideration: { asset_contract_address: token.contract, token_id: token.tokenId },
        })
        const call = yield* attempt(() => fulfillmentTransaction(answer?.fulfillment_data?.transaction))
        const fees = collection.fees.reduce((sum, fee) => sum + feeOf(offer.price, fee.basisPoints), 0n)
        return { token, offer, call, net: offer.price - fees }
      }),
    )
    const approvals = yield* nftApprovalStep(
      ctx,
      taker,
      sales.map((sale) => sale.token.contract),
    )
    const sale = {
      id: "sale",
      action: "Accept offer",
      description: "Sell on OpenSea (Seaport 1.6)",
      kind: "transaction",
      items: sales.map((entry) => ({ ...transactionItem(ctx, taker, entry.call), orderIds: [entry.offer.hash] })),
    }
    return { steps: [...approvals, sale], path: sales.map((entry) => pathEntry(entry.offer, entry.net, entry.token)) }
  })
