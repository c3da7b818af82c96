import type { Address } from "viem"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import { sameAddress } from "./seaport/SeaportOrder.js"

/**
 * Refuses `feesOnTop` on a buy or sale: OpenSea builds its fulfilment from the order as signed and adds no fee
 * item of ours, so the fees would silently never be paid.
 */
export const refuseFeesOnTop = (request: { readonly feesOnTop?: ReadonlyArray<string> | undefined }): void => {
  if (request.feesOnTop !== undefined && request.feesOnTop.length > 0) {
    throw OpenSeaFailure.unsupported("`feesOnTop`", "OpenSea's fulfilment pays the fees the order signed and no others")
  }
}

/** Refuses a buy's `currency` other than the listing's: Seaport pays a listing only in the currency its offerer signed. */
export const checkBuyCurrency = (asked: string | undefined, listing: { readonly currency: Address; readonly hash: string }): void => {
  if (asked !== undefined && !sameAddress(asked, listing.currency)) {
    throw OpenSeaFailure.unsupported(
      "`currency`",
      `the listing ${listing.hash} is priced in ${listing.currency}; OpenSea fills it in that currency only (asked ${asked})`,
    )
  }
}

/**
 * Refuses an item's `quantity` other than the units the order trades: the fulfilment fills the whole order, so a
 * smaller quantity would be paid for in full and a larger one never delivered.
 */
export const checkQuantity = (asked: string | number | undefined, units: bigint, hash: string): void => {
  if (asked === undefined) return
  const quantity =
    typeof asked === "number" ? (Number.isSafeInteger(asked) ? BigInt(asked) : undefined) : /^\d+$/.test(asked) ? BigInt(asked) : undefined
  if (quantity !== units) {
    throw OpenSeaFailure.unsupported(
      "`quantity`",
      `the order ${hash} trades ${units} unit(s) and this book fills whole orders only (asked ${String(asked)})`,
    )
  }
}

/**
 * Refuses `partial: true` on a sale of several tokens: each sale is its own fulfilment and an offer gone fails the
 * whole sale, so skipping the gone ones (what `partial` asks) is not what would happen.
 */
export const refusePartialSale = (request: { readonly partial?: boolean | undefined; readonly items: ReadonlyArray<unknown> }): void => {
  if (request.partial === true && request.items.length > 1) {
    throw OpenSeaFailure.unsupported("`partial`", "a sale on OpenSea accepts every named offer or fails; sell the tokens one by one")
  }
}
