import * as Effect from "effect/Effect"
import { getAddress, zeroAddress } from "viem"
import { refuseUnsupported } from "./bookOptions.js"
import { fulfillmentTransaction } from "./fulfillmentTransaction.js"
import type { Json } from "./Json.js"
import type { OpenSeaFailure } from "./OpenSeaFailure.js"
import { type OpenSeaOrder, orderOf, tokenOf } from "./orderOf.js"
import { attempt, collectionOf, orderByHash, type PlanContext } from "./PlanContext.js"
import { pathEntry } from "./pathEntry.js"
import { currencyApprovalStep, transactionItem } from "./planSteps.js"

/** The listing an item names: by `orderId`, else the best listing of its `token`. */
const listingOf = (ctx: PlanContext, item: Json): Effect.Effect<OpenSeaOrder, OpenSeaFailure> =>
  item?.orderId !== undefined
    ? orderByHash(ctx, item.orderId)
    : Effect.gen(function* () {
        const token = yield* attempt(() => tokenOf(item?.token))
        const collection = yield* collectionOf(ctx, token.contract)
        const best = yield* ctx.call("GET", `/api/v2/listings/collection/${encodeURIComponent(collection.slug)}/nfts/${token.tokenId}/best`)
        return yield* attempt(() => orderOf(best))
      })

/**
 * `POST /execute/buy/v7` on OpenSea: the listing of each item, fresh fulfilment data for the taker (never
 * stored: a resume asks again), the ERC-20 approvals of the conduit the purchase still needs, and the path
 * the price check compares with the expected price.
 */
export const buyPlan = (ctx: PlanContext, body: Json) =>
  Effect.gen(function* () {
    yield* attempt(() => refuseUnsupported(body))
    const taker = yield* attempt(() => getAddress(body?.taker))
    const items: ReadonlyArray<Json> = Array.isArray(body?.items) ? body.items : []
    const listings = yield* Effect.forEach(items, (item) => listingOf(ctx, item))
    const sales = yield* Effect.forEach(listings, (listing) =>
      Effect.flatMap(
        ctx.call("POST", "/api/v2/listings/fulfillment_data", {
          listing: { hash: listing.hash, chain: ctx.chainName, protocol_address: listing.protocolAddress },
          fulfiller: { address: taker },
        }),
        (answer) => attempt(() => fulfillmentTransaction(answer?.fulfillment_data?.transaction)),
      ),
    )
    const amounts = new Map<`0x${string}`, bigint>()
    for (const listing of listings) {
      if (listing.currency !== zeroAddress) amounts.set(listing.currency, (amounts.get(listing.currency) ?? 0n) + listing.price)
    }
    const approvals = yield* currencyApprovalStep(ctx, taker, amounts)
    const sale = {
      id: "sale",
      action: "Confirm transaction in your wallet",
      description: "Buy on OpenSea (Seaport 1.6)",
      kind: "transaction",
      items: sales.map((call, index) => ({ ...transactionItem(ctx, taker, call), orderIds: [listings[index]!.hash] })),
    }
    return {
      steps: [...approvals, sale],
      path: listings.map((listing) =>
        pathEntry(listing, listing.price, { contract: listing.contract ?? zeroAddress, tokenId: listing.tokenId ?? "0" }),
      ),
    }
  })
