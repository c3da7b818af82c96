import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { type Address, formatUnits, type Hex, zeroAddress } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { type PlanContext, read } from "../book/PlanContext.js"
import type { UnitsBought } from "../seaport/checkFulfillment.js"
import { ItemType, isCurrencyItem, type OfferItem, type OrderParameters, sameAddress } from "../seaport/SeaportOrder.js"
import { orderHashOf } from "../seaport/seaportOrderHash.js"
import type { OpenSeaOrder } from "../wire/orderOf.js"
import { parametersOf } from "../wire/wireOrder.js"

/** An order as the user named it, proven: its parameters hash to the named hash at its offerer's counter on chain. */
export interface NamedSeaportOrder {
  readonly hash: Hex
  readonly counter: bigint
  readonly parameters: OrderParameters
}

/**
 * The order named `named` as OpenSea holds it, refused unless it is that order: on the chain's Seaport, and its
 * parameters hashing to `named` at the offerer's current counter (read from the chain, never the API's).
 */
export const namedOrder = (
  ctx: PlanContext,
  order: OpenSeaOrder,
  named: string,
): Effect.Effect<NamedSeaportOrder, OpenSeaError> =>
  Effect.gen(function* () {
    if (!sameAddress(order.protocolAddress, ctx.config.seaport)) {
      return yield* Effect.fail(
        OpenSeaError.failedCheck("target", "OpenSea's order is not on the chain's Seaport", {
          Expected: ctx.config.seaport,
          Got: order.protocolAddress,
        }),
      )
    }
    const parameters = yield* read(() => parametersOf(order.parameters))
    const counter = yield* ctx.reads.counterOf(ctx.config.seaport, parameters.offerer)
    const hash = orderHashOf(parameters, counter)
    if (!sameAddress(hash, named) || !sameAddress(order.hash, named)) {
      return yield* Effect.fail(
        OpenSeaError.failedCheck("order", "OpenSea's order is not the one named", {
          Named: named,
          "Order hash": order.hash,
          "Its parameters hash to": hash,
        }),
      )
    }
    return { hash, counter, parameters }
  })

/** A currency's address as a path names it: the zero address for native. */
const currencyOf = (item: OfferItem): Address => (item.itemType === ItemType.NATIVE ? zeroAddress : item.token)

// biome-ignore lint/complexity/useMathMinMax: bigint amounts, which Math.max cannot take
const largest = (item: OfferItem): bigint => (item.startAmount > item.endAmount ? item.startAmount : item.endAmount)
// biome-ignore lint/complexity/useMathMinMax: bigint amounts, which Math.min cannot take
const smallest = (item: OfferItem): bigint => (item.startAmount < item.endAmount ? item.startAmount : item.endAmount)

/** What an amount of a currency is: the currency and the amount. */
export interface Amount {
  readonly currency: Address
  readonly amount: bigint
}

/**
 * What a buyer pays for a listing: every consideration item its offerer signed, in its one currency, at its largest
 * amount (Seaport moves between start and end over the order's life). A listing asking for two currencies, or for
 * a token, is refused. With `asked`, the price of those units alone: each item times `quantity/units`.
 */
export const listingPrice = (order: NamedSeaportOrder, asked?: UnitsBought): Effect.Effect<Amount, OpenSeaError> =>
  read(() => {
    const signed = order.parameters.consideration.slice(0, Number(order.parameters.totalOriginalConsiderationItems))
    const currencies = new Set(signed.map((item) => (isCurrencyItem(item) ? currencyOf(item).toLowerCase() : "token")))
    if (currencies.size !== 1 || currencies.has("token")) {
      return Result.fail(
        OpenSeaError.failedCheck("payment", "The listing does not ask for one currency alone", {
          Asks: [...currencies].join(", "),
        }),
      )
    }
    return Result.map(Result.all(signed.map((item) => unitsOf(largest(item), asked, order.hash))), (amounts) => ({
      currency: currencyOf(signed[0]!),
      amount: amounts.reduce((sum, amount) => sum + amount, 0n),
    }))
  })

/**
 * `amount` times the fraction of the listing bought: Seaport's `_getFraction` reverts a fraction that does not divide
 * an amount exactly (InexactFraction), so such a quantity is refused here rather than sent to fail on chain.
 */
const unitsOf = (amount: bigint, asked: UnitsBought | undefined, hash: string): Result.Result<bigint, OpenSeaError> => {
  if (asked === undefined || asked.quantity === asked.units) return Result.succeed(amount)
  if ((amount * asked.quantity) % asked.units !== 0n) {
    return Result.fail(
      OpenSeaError.unsupported(
        "`quantity`",
        `Seaport cannot fill ${asked.quantity} of the ${asked.units} units of ${hash}: ` +
          `its amount ${amount} does not divide exactly`,
      ),
    )
  }
  return Result.succeed((amount * asked.quantity) / asked.units)
}

/**
 * What a seller receives for an offer: the one currency item it offers, at its smallest amount, less the items the
 * seller must pay out of it in that currency (the required fees). An offer of anything else is refused.
 */
export const offerProceeds = (order: NamedSeaportOrder): Effect.Effect<Amount, OpenSeaError> =>
  read(() => {
    const [offered, ...others] = order.parameters.offer
    if (offered === undefined || others.length > 0 || !isCurrencyItem(offered)) {
      return Result.fail(OpenSeaError.failedCheck("offer", "The offer does not offer one currency amount"))
    }
    const currency = currencyOf(offered)
    const fees = order.parameters.consideration
      .slice(0, Number(order.parameters.totalOriginalConsiderationItems))
      .filter((item) => isCurrencyItem(item) && sameAddress(currencyOf(item), currency))
      .reduce((sum, item) => sum + largest(item), 0n)
    return Result.succeed({ currency, amount: smallest(offered) - fees })
  })

/**
 * A path entry (what the price check reads) of `amount` for `token`, in the currency's own terms on the chain: the
 * chain's native decimals, or the token's `decimals()` — never a number the API states.
 */
export const checkedPathEntry = (
  ctx: PlanContext,
  order: NamedSeaportOrder,
  { currency, amount }: Amount,
  token: { readonly contract: Address; readonly tokenId: string },
  quantity = 1n,
) =>
  Effect.gen(function* () {
    const native = ctx.chain.viemChain?.nativeCurrency
    const decimals = currency === zeroAddress ? (native?.decimals ?? 18) : yield* ctx.reads.decimalsOf(currency)
    const symbol = currency === zeroAddress ? (native?.symbol ?? "ETH") : yield* ctx.reads.symbolOf(currency)
    return {
      orderId: order.hash,
      contract: token.contract.toLowerCase(),
      tokenId: token.tokenId,
      quantity: Number(quantity),
      source: "opensea.io",
      currency: currency.toLowerCase(),
      currencySymbol: symbol,
      currencyDecimals: decimals,
      quote: Number(formatUnits(amount, decimals)),
      rawQuote: amount.toString(),
    }
  })
