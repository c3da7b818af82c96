/**
 * The fees a listing or bid signs for: each marketplace fee's share of the price, then the collection's EIP-2981
 * royalty. The Exchange pays them out of the price when the order is filled.
 */
import { type Address, zeroAddress } from "viem"
import type { Fee } from "../chain/orders.js"
import { royaltyOf } from "./chainReads.js"
import type { DevnetContext } from "./context.js"
import { badRequest } from "./http.js"
import type { CommonOrderParams } from "./orderParams.js"
import { currencyOf } from "./steps.js"

const BPS = 10_000n

/**
 * The order's fees: marketplace fees in request order, then the royalty unless `automatedRoyalties` is false
 * (capped at `royaltyBps`). Fees that round to nothing are left out. Fees adding up to more than the price are
 * refused with a 400 naming `name`: the Exchange would refuse the fill, so nothing must be signed for it.
 */
export async function orderFees(
  ctx: DevnetContext,
  order: { readonly collection: Address; readonly tokenId: bigint; readonly currency: Address },
  common: CommonOrderParams,
  name: string,
): Promise<ReadonlyArray<Fee>> {
  const fees: Fee[] = common.marketplaceFees.map((fee) => ({
    recipient: fee.recipient,
    amount: (common.price * fee.bps) / BPS,
  }))
  if (common.automatedRoyalties) {
    const royalty = await royaltyOf(ctx.origin, order.collection, order.tokenId, common.price)
    const cap = common.royaltyBps === undefined ? royalty.amount : (common.price * common.royaltyBps) / BPS
    const amount = royalty.amount < cap ? royalty.amount : cap
    if (royalty.receiver !== zeroAddress) fees.push({ recipient: royalty.receiver, amount })
  }
  const total = fees.reduce((sum, fee) => sum + fee.amount, 0n)
  if (total > common.price) {
    const { symbol } = currencyOf(ctx, ctx.origin.chainId, order.currency)
    throw badRequest(
      `${name}: the fees and royalties (${total}) exceed the price (${common.price}), in the smallest unit of ${symbol}`,
    )
  }
  return fees.filter((fee) => fee.amount > 0n)
}
