import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { getAddress, zeroAddress } from "viem"
import { marketplaceFeesOf, refuseUnsupported } from "../book/bookOptions.js"
import { checkedOrderItem } from "../book/checked.js"
import { attempt, collectionOf, feeOf, type PlanContext, read } from "../book/PlanContext.js"
import { tradeCurrency } from "../config/tradeCurrency.js"
import { ItemType } from "../seaport/SeaportOrder.js"
import { decodeRequest } from "../wire/decode.js"
import {
  currencyItemType,
  endTimeOf,
  feeItems,
  orderSignatureItem,
  restrictedOrderType,
  wireItem,
} from "../wire/orderComponents.js"
import { bigIntOf, tokenOf } from "../wire/orderOf.js"
import { ListRequest } from "../wire/requests.js"
import { bulkOrderItems } from "./bulkOrderItem.js"
import { nftApprovalStep } from "./planSteps.js"

/**
 * `POST /execute/list/v5` on OpenSea: the conduit's `setApprovalForAll` when missing, then one Seaport 1.6
 * listing per token to sign — the price less the collection's required fees to the maker, each fee to its
 * recipient, in the listing's currency (the caller's, else the collection's when trusted, see tradeCurrency; native
 * by default) — posted to OpenSea. Several listings take one wallet signature: a Seaport bulk order over all of
 * them, each checked first (see bulkOrderItems).
 */
export const listPlan = (ctx: PlanContext, body: unknown) =>
  Effect.gen(function* () {
    const request = yield* decodeRequest(ListRequest, body)
    yield* read(() => refuseUnsupported(request))
    const maker = yield* attempt(() => getAddress(request.maker))
    const params = request.params
    const counter = yield* ctx.reads.counterOf(ctx.config.seaport, maker)
    const now = yield* ctx.reads.now
    const listings = yield* Effect.forEach(params, (param) =>
      Effect.gen(function* () {
        const token = yield* read(() => tokenOf(param.token))
        const price = yield* read(() => bigIntOf(param.weiPrice, "weiPrice"))
        const quantity = yield* read(() =>
          param.quantity === undefined ? Result.succeed(1n) : bigIntOf(param.quantity, "quantity"),
        )
        const collection = yield* collectionOf(ctx, token.contract)
        // A collection's listings are priced in the caller's currency, else its listing currency when trusted.
        const currency = yield* tradeCurrency(ctx, "listing", param.currency, collection.listingCurrency ?? zeroAddress)
        const erc1155 = collection.standard === "erc1155"
        const allFees = [...collection.fees, ...(yield* read(() => marketplaceFeesOf(param)))]
        const fees = allFees.reduce((sum, fee) => sum + feeOf(price, fee.basisPoints), 0n)
        const item = orderSignatureItem(
          ctx,
          {
            offerer: maker,
            offer: [wireItem(erc1155 ? ItemType.ERC1155 : ItemType.ERC721, token.contract, token.tokenId, quantity)],
            consideration: [
              wireItem(currencyItemType(currency), currency, "0", price - fees, maker),
              ...feeItems(allFees, currency, price),
            ],
            zone: collection.requiredZone,
            // A required zone is only asked by Seaport about a restricted order (opensea-js: `restrictedByZone`).
            orderType: restrictedOrderType(erc1155, collection.requiredZone),
            startTime: now,
            endTime: endTimeOf(param.expirationTime, now),
            counter,
          },
          { kind: "listing" },
        )
        const listing = yield* checkedOrderItem(
          ctx,
          {
            kind: "listing",
            maker,
            conduitKey: ctx.config.conduitKey,
            currency,
            price,
            tokens: [
              { contract: token.contract, tokenId: BigInt(token.tokenId), amount: quantity, itemType: erc1155 ? 3 : 2 },
            ],
            requiredZone: collection.requiredZone,
          },
          item,
        )
        return { contract: token.contract, item: listing }
      }),
    )
    const approvals = yield* nftApprovalStep(
      ctx,
      maker,
      listings.map((listing) => ({ contract: listing.contract, operator: ctx.config.conduit })),
    )
    const signature = {
      id: "order-signature",
      action: "Authorize listing",
      description: "A free off-chain signature to list on OpenSea",
      kind: "signature",
      items: yield* bulkOrderItems(
        ctx,
        listings.map((listing) => listing.item),
      ),
    }
    return { steps: [...approvals, signature] }
  })
