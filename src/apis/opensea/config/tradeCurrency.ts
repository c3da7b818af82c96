import * as Effect from "effect/Effect"
import { type Address, getAddress, zeroAddress } from "viem"
import { viemChainFor } from "../../../chains/viemChainFor.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { attempt, type OpenSeaCollection, type PlanContext } from "../book/PlanContext.js"
import { sameAddress } from "../seaport/SeaportOrder.js"
import { OPENSEA_CURRENCIES } from "./openSeaChains.js"

/**
 * The chain's wrapped native token: OpenSea's table's, else the chain's `paymentTokens` entry named "W" + the
 * native symbol.
 */
export const wrappedNativeOf = (ctx: PlanContext): Address | undefined => {
  const wrappedSymbol = `W${viemChainFor(ctx.chain).nativeCurrency.symbol}`
  const listed = ctx.chain.paymentTokens?.find((candidate) => candidate.symbol === wrappedSymbol)
  return ctx.config.wrappedNative ?? listed?.address
}

/**
 * The currencies a listing (or an offer) is signed in when the app names none: the chain's native currency
 * (listings only: an offer is an ERC-20 item), its wrapped native token, and OpenSea's published ones of the chain.
 */
export const trustedCurrencies = (ctx: PlanContext, side: "listing" | "offer"): ReadonlyArray<Address> => {
  const published = OPENSEA_CURRENCIES[ctx.chain.id]
  const wrapped = wrappedNativeOf(ctx)
  const all = [zeroAddress, wrapped, published?.listing, published?.offer].filter((currency) => currency !== undefined)
  return [...new Set(all.filter((currency) => side === "listing" || !sameAddress(currency, zeroAddress)))]
}

/**
 * The currency a listing or offer is signed in: the app's `asked` one, else `named` — the collection's currency as
 * OpenSea's API names it — only when it is a trusted one (see trustedCurrencies). An API's answer is input, never
 * authority: a worthless token calling itself WETH would otherwise be what the user is paid in (or approves).
 */
export const tradeCurrency = (
  ctx: PlanContext,
  side: "listing" | "offer",
  asked: string | undefined,
  named: Address,
): Effect.Effect<Address, OpenSeaError> => {
  if (asked !== undefined) return attempt(() => getAddress(asked))
  const trusted = trustedCurrencies(ctx, side)
  if (trusted.some((currency) => sameAddress(currency, named))) return Effect.succeed(named)
  const short = `OpenSea names ${named} as the ${side} currency, one tradekit does not trust on ${ctx.chainName}`
  return Effect.fail(
    OpenSeaError.failedCheck("currency", short, {
      Currency: named,
      Trusted: trusted.join(", ") || "none",
      Fix: "name the currency yourself (`currency`) to sign in it",
    }),
  )
}

/**
 * An offer's currency (see tradeCurrency): the app's, else the collection's; when neither names one, an invalid
 * request. The wrap, the approval and the signature all follow it, so a refusal here comes before each of them.
 */
export const offerCurrencyOf = (
  ctx: PlanContext,
  asked: string | undefined,
  collection: OpenSeaCollection,
): Effect.Effect<Address, OpenSeaError> =>
  asked === undefined && collection.offerCurrency === undefined
    ? Effect.fail(OpenSeaError.invalid(`No offer currency given, and OpenSea names none for ${collection.slug}`))
    : tradeCurrency(ctx, "offer", asked, collection.offerCurrency ?? zeroAddress)
