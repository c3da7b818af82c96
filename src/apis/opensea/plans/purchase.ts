import * as Effect from "effect/Effect"
import { type Address, getAddress, type Hex } from "viem"
import { checked } from "../book/checked.js"
import { isFor, OpenSeaError } from "../book/OpenSeaError.js"
import type { OpenSeaReasonTag } from "../book/OpenSeaReason.js"
import { ask, collectionOf, type PlanContext, read } from "../book/PlanContext.js"
import { unfillable } from "../chain/fillableListings.js"
import { checkFulfillment } from "../seaport/checkFulfillment.js"
import { decodeSeaportCall } from "../seaport/decodeSeaportCall.js"
import { ItemType, sameAddress } from "../seaport/SeaportOrder.js"
import { FulfillmentAnswer, OrderAnswer, OrderByHashAnswer } from "../wire/answers.js"
import { type OpenSeaOrder, orderOf, tokenOf } from "../wire/orderOf.js"
import type { BuyRequest } from "../wire/requests.js"
import { approvalTarget } from "./approvalTarget.js"
import { checkBuyCurrency, checkQuantity } from "./fillOptions.js"
import { fulfillmentTransaction } from "./fulfillmentTransaction.js"
import { listingPrice, namedOrder } from "./namedOrder.js"

/** A listing a buy names: by `orderId`, or by `token` (its best listing). */
export type BuyItem = BuyRequest["items"][number]

/** OpenSea's status of an order it no longer sells (`FILLED`, `CANCELLED`, `EXPIRED`, ...): any but `ACTIVE`. */
const isInactive = (status: unknown): boolean => typeof status === "string" && status.toUpperCase() !== "ACTIVE"

/** The listing named by its hash, refused as gone when OpenSea says it is no longer active. */
const listingById = (ctx: PlanContext, hash: unknown) =>
  Effect.gen(function* () {
    if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      return yield* Effect.fail(
        OpenSeaError.invalid(`${JSON.stringify(hash)} is not an OpenSea order id (a Seaport order hash)`),
      )
    }
    const { order } = yield* ask(
      ctx,
      OrderByHashAnswer,
      "GET",
      `/api/v2/orders/chain/${ctx.chainName}/protocol/${ctx.config.seaport}/${hash}`,
    )
    if (isInactive(order.status))
      return yield* Effect.fail(OpenSeaError.gone(`OpenSea's listing ${hash} is ${String(order.status).toLowerCase()}`))
    return yield* read(() => orderOf(order))
  })

/** The listing an item names, and the hash it is named by: its `orderId`, else the best listing of its `token`. */
const listingOf = (
  ctx: PlanContext,
  item: BuyItem,
): Effect.Effect<{ readonly listing: OpenSeaOrder; readonly named: string }, OpenSeaError> => {
  const { orderId } = item
  return orderId !== undefined
    ? Effect.map(listingById(ctx, orderId), (listing) => ({ listing, named: orderId }))
    : Effect.gen(function* () {
        const token = yield* read(() => tokenOf(item.token))
        const collection = yield* collectionOf(ctx, token.contract)
        const best = yield* ask(
          ctx,
          OrderAnswer,
          "GET",
          `/api/v2/listings/collection/${encodeURIComponent(collection.slug)}/nfts/${token.tokenId}/best`,
        )
        const listing = yield* read(() => orderOf(best))
        return { listing, named: listing.hash }
      })
}

/**
 * A listing OpenSea no longer sells: its lookup found nothing or an order no longer active, or OpenSea refused its
 * fulfilment (a bad request, not found, gone). A sweep leaves it out and reports it; a single purchase fails with it.
 */
export class Gone {
  constructor(
    readonly failure: OpenSeaError,
    readonly orderId: string | undefined,
  ) {}
}

/** `request`'s failure for one of `reasons` as the listing being gone; any other failure as it is. */
const goneFor =
  (reasons: ReadonlyArray<OpenSeaReasonTag>, orderId: () => string | undefined) =>
  <A>(request: Effect.Effect<A, OpenSeaError>): Effect.Effect<A, OpenSeaError | Gone> =>
    Effect.mapError(request, (failure) => (isFor(...reasons)(failure) ? new Gone(failure, orderId()) : failure))

/**
 * One purchase, checked: the named listing proven by its hash at the offerer's counter on chain, the token it sells
 * (the one the item names, when it names one), its price as its offerer signed it, and OpenSea's fulfilment for the
 * taker decoded and held to exactly that order, that token and that price.
 */
export const purchaseOf = (ctx: PlanContext, taker: Address, item: BuyItem, currency: string | undefined) =>
  Effect.gen(function* () {
    const { listing, named } = yield* goneFor(["NotFound", "Gone"], () => item.orderId)(listingOf(ctx, item))
    const order = yield* namedOrder(ctx, listing, named)
    const sold = order.parameters.offer.find(
      (offered) => offered.itemType === ItemType.ERC721 || offered.itemType === ItemType.ERC1155,
    )
    if (sold === undefined)
      return yield* Effect.fail(
        OpenSeaError.failedCheck("token", "The listing sells no token", { Listing: order.hash }),
      )
    const token = { contract: getAddress(sold.token), tokenId: sold.identifierOrCriteria.toString() }
    if (item.token !== undefined) {
      const asked = yield* read(() => tokenOf(item.token))
      if (!sameAddress(asked.contract, token.contract) || asked.tokenId !== token.tokenId) {
        return yield* Effect.fail(
          OpenSeaError.failedCheck("token", "The listing sells another token than the one named", {
            Named: `${asked.contract}:${asked.tokenId}`,
            Sold: `${token.contract}:${token.tokenId}`,
          }),
        )
      }
    }
    const units = { units: sold.startAmount, orderType: order.parameters.orderType, hash: order.hash }
    const asked = yield* read(() => checkQuantity(item.quantity, units))
    // A quantity is a partial fill (OpenSea's `units_to_fill`): the price checked is that of the units bought.
    const price = yield* listingPrice(order, asked)
    yield* read(() => checkBuyCurrency(currency, { currency: price.currency, hash: order.hash }))
    // A listing its maker can no longer deliver would revert the fill: it is left out as a gone one is.
    const stale = yield* unfillable(ctx, order, asked?.quantity)
    if (stale !== undefined) return yield* Effect.fail(new Gone(stale, order.hash))
    const answer = yield* goneFor(
      ["BadRequest", "NotFound", "Gone"],
      () => order.hash,
    )(
      ask(ctx, FulfillmentAnswer, "POST", "/api/v2/listings/fulfillment_data", {
        listing: { hash: order.hash, chain: ctx.chainName, protocol_address: ctx.config.seaport },
        fulfiller: { address: taker },
        ...(asked !== undefined ? { units_to_fill: Number(asked.quantity) } : {}),
      }),
    )
    const call = yield* read(() => fulfillmentTransaction(answer.fulfillment_data.transaction))
    const expected = {
      hash: order.hash,
      counter: order.counter,
      token: { contract: token.contract, tokenId: BigInt(token.tokenId) },
      ...(asked !== undefined ? { fill: asked } : {}),
    }
    yield* checked(
      checkFulfillment(
        {
          side: "buy",
          seaport: ctx.config.seaport,
          taker,
          orders: [expected],
          maxPayment: new Map([[price.currency, price.amount]]),
        },
        call,
      ),
    )
    const fill = yield* checked(decodeSeaportCall(call))
    if (fill.function === "cancel")
      return yield* Effect.fail(OpenSeaError.failedCheck("function", "The fulfilment is a cancel"))
    const conduitKey: Hex = fill.fulfillerConduitKey ?? order.parameters.conduitKey
    const suffix = answer.fulfillment_data.transaction.calldata_suffix
    const quantity = asked?.quantity ?? sold.startAmount
    return {
      order,
      expected,
      token,
      standard: sold.itemType === ItemType.ERC721 ? ("erc721" as const) : ("erc1155" as const),
      quantity,
      price,
      call,
      suffix,
      filled: fill.orders[0]!,
      spender: yield* approvalTarget(ctx, conduitKey),
    }
  })

/** A purchase planned: the order, what it is known by, its price and the call that fills it alone. */
export type Purchase = Effect.Success<ReturnType<typeof purchaseOf>>
