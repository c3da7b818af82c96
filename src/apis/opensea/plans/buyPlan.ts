import * as Effect from "effect/Effect"
import { type Address, getAddress, zeroAddress } from "viem"
import type { PlanOptions } from "../../../services/OrderBook.js"
import { refuseUnsupported } from "../book/bookOptions.js"
import { checked } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { attempt, type PlanContext, read } from "../book/PlanContext.js"
import { checkFulfillment } from "../seaport/checkFulfillment.js"
import { decodeRequest } from "../wire/decode.js"
import { BuyRequest } from "../wire/requests.js"
import { approvalTarget } from "./approvalTarget.js"
import { crossChainBuyPlan } from "./crossChainBuy.js"
import { refuseFeesOnTop } from "./fillOptions.js"
import { checkedPathEntry } from "./namedOrder.js"
import { currencyApprovalStep, transactionItem } from "./planSteps.js"
import { Gone, type Purchase, purchaseOf } from "./purchase.js"
import { sweepCall } from "./sweepCall.js"

/**
 * How many fulfilment requests a sweep has in flight at once. Fulfilment is OpenSea's scarcest quota: an instant
 * key gets 5 a minute (docs.opensea.io/reference/api-keys, `rate_limits.fulfillment: "5/m"`); four at once stays
 * under it with one to spare for a retry the client's policy makes after a 429.
 */
const FULFILMENT_CONCURRENCY = 4

/** The sweep of `purchases`: one Seaport call buying them all, checked as one purchase is. */
const sweepOf = (ctx: PlanContext, taker: Address, purchases: ReadonlyArray<Purchase>) =>
  Effect.gen(function* () {
    const maxPayment = new Map<Address, bigint>()
    for (const { price } of purchases)
      maxPayment.set(price.currency, (maxPayment.get(price.currency) ?? 0n) + price.amount)
    const call = sweepCall({
      seaport: ctx.config.seaport,
      // Whole unless a quantity was asked: then the fraction OpenSea answered, held to `quantity/units` below.
      orders: purchases.map(({ filled, expected }) =>
        expected.fill === undefined ? { ...filled, numerator: 1n, denominator: 1n } : filled,
      ),
      taker,
      fulfillerConduitKey: ctx.config.conduitKey,
      value: maxPayment.get(zeroAddress) ?? 0n,
      suffixes: purchases.map((purchase) => purchase.suffix),
    })
    yield* checked(
      checkFulfillment(
        {
          side: "buy",
          seaport: ctx.config.seaport,
          taker,
          orders: purchases.map((purchase) => purchase.expected),
          maxPayment,
        },
        call,
      ),
    )
    return {
      call,
      spender: yield* approvalTarget(ctx, ctx.config.conduitKey),
      orderIds: purchases.map((purchase) => purchase.order.hash).sort(),
    }
  })

/**
 * `buy` on OpenSea: each named listing, proven and priced as its offerer signed it; fresh fulfilment data for the
 * taker (never stored: a resume asks again), decoded and checked against that listing before the wallet; the ERC-20
 * approvals the fills still need (of the conduit the fill names, or Seaport itself for the zero key); and the path
 * the price check compares with the expected price, in the chain's own decimals. Several listings are one sweep
 * (`fulfillAvailableAdvancedOrders`) built from the orders OpenSea's answers carry: a listing gone already is left
 * out and reported in `errors`; one gone before the sweep is mined is skipped by Seaport and reported after it.
 */
export const buyPlan = (ctx: PlanContext, body: unknown, options: PlanOptions = {}) =>
  Effect.gen(function* () {
    const request = yield* decodeRequest(BuyRequest, body)
    yield* read(() => refuseUnsupported(request))
    yield* read(() => refuseFeesOnTop(request))
    const taker = yield* attempt(() => getAddress(request.taker))
    const { currencyChainId } = request
    if (currencyChainId !== undefined && currencyChainId !== ctx.chain.id)
      return yield* crossChainBuyPlan(ctx, request, taker, currencyChainId, options)
    const items = request.items
    // `partial: false` asks for all or nothing: a listing gone fails the buy as it fails a single purchase.
    const single = items.length <= 1 || request.partial === false
    const outcomes = yield* Effect.forEach(
      items,
      (item) =>
        purchaseOf(ctx, taker, item, request.currency).pipe(
          Effect.map((purchase) => ({ purchase })),
          Effect.catchIf(
            (error): error is Gone => error instanceof Gone && !single,
            (gone) => Effect.succeed({ gone }),
          ),
          Effect.mapError((error) => (error instanceof Gone ? error.failure : error)),
        ),
      { concurrency: FULFILMENT_CONCURRENCY },
    )
    const purchases = outcomes.flatMap((outcome) => ("purchase" in outcome ? [outcome.purchase] : []))
    const errors = outcomes.flatMap((outcome) =>
      "gone" in outcome
        ? [
            {
              message: outcome.gone.failure.message,
              ...(outcome.gone.orderId !== undefined ? { orderId: outcome.gone.orderId } : {}),
            },
          ]
        : [],
    )
    if (purchases.length === 0 && errors.length > 0) {
      return yield* Effect.fail(
        OpenSeaError.gone(
          `None of the listings is available any more: ${errors.map((error) => error.message).join("; ")}`,
        ),
      )
    }
    // Seaport would fill a listing named twice once and skip the other: the price checked would be twice its own.
    const hashes = purchases.map((purchase) => purchase.order.hash.toLowerCase())
    const twice = hashes.find((hash, index) => hashes.indexOf(hash) !== index)
    if (twice !== undefined)
      return yield* Effect.fail(OpenSeaError.invalid(`The listing ${twice} is named more than once`))
    const sweep = purchases.length > 1 ? yield* sweepOf(ctx, taker, purchases) : undefined
    // A sweep pulls every currency through the one conduit it names; a single fill through the one its answer names.
    const approvals = yield* currencyApprovalStep(
      ctx,
      taker,
      purchases
        .filter((purchase) => purchase.price.currency !== zeroAddress)
        .map((purchase) => ({
          token: purchase.price.currency,
          spender: sweep?.spender ?? purchase.spender,
          amount: purchase.price.amount,
        })),
    )
    const sale = {
      id: "sale",
      action: "Confirm transaction in your wallet",
      description:
        sweep === undefined
          ? "Buy on OpenSea (Seaport 1.6)"
          : `Buy ${purchases.length} listings on OpenSea in one transaction (Seaport 1.6)`,
      kind: "transaction",
      items:
        sweep === undefined
          ? purchases.map((purchase) => ({
              ...transactionItem(ctx, taker, purchase.call),
              orderIds: [purchase.order.hash],
            }))
          : [{ ...transactionItem(ctx, taker, sweep.call), orderIds: sweep.orderIds }],
    }
    return {
      steps: [...approvals, sale],
      path: yield* Effect.forEach(purchases, (purchase) =>
        checkedPathEntry(ctx, purchase.order, purchase.price, purchase.token, purchase.quantity),
      ),
      ...(errors.length > 0 ? { errors } : {}),
    }
  })
