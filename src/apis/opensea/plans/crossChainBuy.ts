import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type Address, encodeFunctionData, type Hex, zeroAddress, zeroHash } from "viem"
import { UnsupportedByBookError } from "../../../errors/index.js"
import { ExecuteResponse } from "../../../schema/ExecuteResponse.js"
import type { TradeRequest } from "../../../schema/TradeRequest.js"
import type { PlanOptions } from "../../../services/OrderBook.js"
import { checked } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { PlanContext } from "../book/PlanContext.js"
import { checkFulfillment } from "../seaport/checkFulfillment.js"
import { seaportAbi } from "../seaport/seaportAbi.js"
import type { BuyRequest } from "../wire/requests.js"
import type { FulfillmentTransaction } from "./fulfillmentTransaction.js"
import { checkedPathEntry } from "./namedOrder.js"
import { Gone, type Purchase, purchaseOf } from "./purchase.js"
import { bareSuffix } from "./sweepCall.js"

/**
 * The fill a cross-chain purchase makes on the listing's chain: `fulfillAdvancedOrder` of the order OpenSea made out
 * for `sender` (its zone signature kept), with the token sent to the buyer (an ERC-721 left with Relay's router
 * could be taken by anyone) and the price paid in value. A listing sold in between reverts the fill, so Relay refunds
 * the deposit: a sweep's `fulfillAvailable…` would skip it and leave the payment with the router.
 */
const fillFor = (ctx: PlanContext, purchase: Purchase, buyer: Address): FulfillmentTransaction => {
  const order =
    purchase.expected.fill === undefined ? { ...purchase.filled, numerator: 1n, denominator: 1n } : purchase.filled
  // The price is native: no conduit pulls anything from the router, so it names none.
  const data = encodeFunctionData({
    abi: seaportAbi,
    functionName: "fulfillAdvancedOrder",
    args: [order, [], zeroHash, buyer],
  })
  return { to: ctx.config.seaport, value: purchase.price.amount, data: `${data}${bareSuffix(purchase.suffix)}` as Hex }
}

/**
 * A purchase of one OpenSea listing on this chain paid on `originChainId` (`currencyChainId`), through the client's
 * cross-chain book (`openSea({ crossChain: relay() })`): the listing proven and priced as for any purchase, OpenSea's
 * fulfilment made out for the book's sender on this chain (Relay's router: signed zones bind the fulfiller), the
 * fill rebuilt to send the token to the buyer and held again to the listing, then handed to the cross-chain book as
 * the one call to make here — which it checks in turn before the deposit. Its success stands once the buyer holds
 * the token here. One listing in the chain's native currency; anything else is refused by name.
 */
export const crossChainBuyPlan = (
  ctx: PlanContext,
  request: BuyRequest,
  buyer: Address,
  originChainId: number,
  options: PlanOptions,
) =>
  Effect.gen(function* () {
    const crossChain = ctx.crossChain
    if (crossChain === undefined)
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          "a purchase paid on another chain (`currencyChainId`)",
          "give the book one that carries it: openSea({ crossChain: relay() }), relay from tradekit/relay",
        ),
      )
    // A new plan is a new quote, which a second deposit could pay: a resume follows the deposit it sent instead.
    if (options.resuming === true)
      return yield* Effect.fail(
        UnsupportedByBookError.of({
          book: crossChain.book.name,
          what: "asking a new quote to resume a purchase paid on another chain",
          details: "a quote is never asked again after its deposit: start the purchase again",
        }),
      )
    const [item, ...others] = request.items
    if (item === undefined || others.length > 0)
      return yield* Effect.fail(
        OpenSeaError.unsupported("a purchase of several listings paid on another chain", "buy them one at a time"),
      )
    const book = Result.getOrUndefined(crossChain.book.forChain(ctx.chain))
    const sender = crossChain.book.callSender?.(ctx.chain.id)
    if (book === undefined || sender === undefined)
      return yield* Effect.fail(
        OpenSeaError.misconfigured(
          ctx.chain.id,
          `${crossChain.book.name}'s router on it: ${crossChain.book.name}({ routers: { ${ctx.chain.id}: "0x…" } })`,
        ),
      )
    const purchase = yield* purchaseOf(ctx, sender, item, request.currency).pipe(
      Effect.mapError((error) => (error instanceof Gone ? error.failure : error)),
    )
    if (purchase.price.currency !== zeroAddress)
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          "a purchase paid on another chain of a listing priced in an ERC-20",
          `the deposit pays for the fill in chain ${ctx.chain.id}'s native currency`,
        ),
      )
    const fill = fillFor(ctx, purchase, buyer)
    yield* checked(
      checkFulfillment(
        {
          side: "buy",
          seaport: ctx.config.seaport,
          taker: sender,
          recipient: buyer,
          orders: [purchase.expected],
          maxPayment: new Map([[zeroAddress, purchase.price.amount]]),
        },
        fill,
      ),
    )
    const call: TradeRequest = {
      action: "call",
      params: {
        user: buyer,
        originChainId,
        txs: [{ to: fill.to, data: fill.data, value: fill.value.toString() }],
      },
    }
    const plan = yield* book.plan(call)
    const outcome = {
      chain: ctx.chain,
      buyer,
      contract: purchase.token.contract,
      tokenId: BigInt(purchase.token.tokenId),
      standard: purchase.standard,
      quantity: purchase.quantity,
    }
    for (const step of plan.steps)
      for (const planned of step.items ?? []) if (planned.check !== undefined) crossChain.expect(planned.check, outcome)
    return {
      ...Schema.encodeSync(ExecuteResponse)(plan),
      path: [yield* checkedPathEntry(ctx, purchase.order, purchase.price, purchase.token, purchase.quantity)],
    }
  })
