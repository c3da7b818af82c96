import * as Result from "effect/Result"
import type { Address } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { UnitsBought } from "../seaport/checkFulfillment.js"
import { sameAddress } from "../seaport/SeaportOrder.js"

/** OpenSea's refusal of an option it cannot honour. */
const unsupported = (what: string, details: string) => Result.fail(OpenSeaError.unsupported(what, details))

/**
 * Refuses `feesOnTop` on a buy or sale: OpenSea builds its fulfilment from the order as signed and adds no fee
 * item of ours, so the fees would silently never be paid.
 */
export const refuseFeesOnTop = (request: {
  readonly feesOnTop?: ReadonlyArray<string> | undefined
}): Result.Result<void, OpenSeaError> =>
  request.feesOnTop !== undefined && request.feesOnTop.length > 0
    ? unsupported("`feesOnTop`", "OpenSea's fulfilment pays the fees the order signed and no others")
    : Result.void

/**
 * Refuses a buy's `currency` other than the listing's: Seaport pays a listing only in the currency its offerer signed.
 */
export const checkBuyCurrency = (
  asked: string | undefined,
  listing: { readonly currency: Address; readonly hash: string },
): Result.Result<void, OpenSeaError> =>
  asked !== undefined && !sameAddress(asked, listing.currency)
    ? unsupported(
        "`currency`",
        `the listing ${listing.hash} is priced in ${listing.currency}; OpenSea fills it in that currency only ` +
          `(asked ${asked})`,
      )
    : Result.void

/**
 * The units an item's `quantity` asks of a listing selling `units` (undefined: the whole listing, as OpenSea fills by
 * default). Refused: a quantity not a whole number from 1 to `units`, and fewer than `units` of an order its offerer
 * signed for whole fills only (an even order type: Seaport reverts any fraction of it).
 */
export const checkQuantity = (
  asked: string | number | undefined,
  order: { readonly units: bigint; readonly orderType: number; readonly hash: string },
): Result.Result<UnitsBought | undefined, OpenSeaError> => {
  if (asked === undefined) return Result.succeed(undefined)
  const quantity =
    typeof asked === "number"
      ? Number.isSafeInteger(asked)
        ? BigInt(asked)
        : undefined
      : /^\d+$/.test(asked)
        ? BigInt(asked)
        : undefined
  if (quantity === undefined || quantity < 1n || quantity > order.units) {
    return unsupported(
      "`quantity`",
      `the order ${order.hash} sells ${order.units} unit(s); a fill takes 1 to ${order.units} of them ` +
        `(asked ${String(asked)})`,
    )
  }
  if (quantity < order.units && order.orderType % 2 === 0) {
    return unsupported(
      "`quantity`",
      `the order ${order.hash} sells its ${order.units} unit(s) whole only ` +
        `(order type ${order.orderType}; asked ${quantity})`,
    )
  }
  return Result.succeed({ quantity, units: order.units })
}

/**
 * Refuses `partial: true` on a sale of several tokens: each sale is its own fulfilment and an offer gone fails the
 * whole sale, so skipping the gone ones (what `partial` asks) is not what would happen.
 */
export const refusePartialSale = (request: {
  readonly partial?: boolean | undefined
  readonly items: ReadonlyArray<unknown>
}): Result.Result<void, OpenSeaError> =>
  request.partial === true && request.items.length > 1
    ? unsupported("`partial`", "a sale on OpenSea accepts every named offer or fails; sell the tokens one by one")
    : Result.void
