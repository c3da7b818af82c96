import * as Effect from "effect/Effect"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { PlanContext } from "../book/PlanContext.js"
import { approvalTarget } from "../plans/approvalTarget.js"
import type { NamedSeaportOrder } from "../plans/namedOrder.js"
import { ItemType, type OfferItem, sameAddress } from "../seaport/SeaportOrder.js"

/** Why one token a listing offers cannot be delivered by its maker, or `undefined` when it can. */
const reasonOf = (
  ctx: PlanContext,
  order: NamedSeaportOrder,
  item: OfferItem,
  units: bigint | undefined,
): Effect.Effect<string | undefined, OpenSeaError> =>
  Effect.gen(function* () {
    const maker = order.parameters.offerer
    if (item.itemType === ItemType.ERC721) {
      const owner = yield* ctx.reads.ownerOf(item.token, item.identifierOrCriteria)
      if (owner === undefined) return "the token no longer exists (ownerOf reverts)"
      if (!sameAddress(owner, maker)) return `the maker ${maker} no longer owns the token: ${owner} does`
    } else {
      const held = yield* ctx.reads.unitsOf(item.token, maker, item.identifierOrCriteria)
      const needed = units ?? (yield* unitsLeft(ctx, order, item))
      if (held < needed) return `the maker ${maker} holds ${held} of the ${needed} unit(s) this fill moves`
    }
    const operator = yield* approvalTarget(ctx, order.parameters.conduitKey)
    if (!(yield* ctx.reads.isApprovedForAll(item.token, maker, operator))) {
      return `the maker ${maker} no longer approves ${operator} (the listing's conduit) to transfer the token`
    }
    return undefined
  })

/**
 * The units of `item` a whole fill of `order` would still move: the listed units less those Seaport says are filled
 * already (a listing partly filled before).
 */
const unitsLeft = (ctx: PlanContext, order: NamedSeaportOrder, item: OfferItem) =>
  Effect.map(ctx.reads.orderStatusOf(ctx.config.seaport, order.hash), (status) =>
    status.totalSize > 0n
      ? (item.startAmount * (status.totalSize - status.totalFilled)) / status.totalSize
      : item.startAmount,
  )

/**
 * Why `order` cannot fill, read on the chain before the wallet is asked: Seaport would revert on a listing whose
 * maker no longer owns what it offers (ERC-721 `ownerOf`; ERC-1155 `balanceOf` below the units the fill moves: `units`
 * when the buy asked for some, else what the listing has left) or no longer
 * approves the listing's conduit (Seaport itself for the zero key). `undefined` when every token it offers can fill;
 * else a `fillable` OrderCheckError naming the token, the order and the reason, which a sweep reports and leaves out.
 */
export const unfillable = (
  ctx: PlanContext,
  order: NamedSeaportOrder,
  units?: bigint,
): Effect.Effect<OpenSeaError | undefined, OpenSeaError> =>
  Effect.gen(function* () {
    const tokens = order.parameters.offer.filter(
      (item) => item.itemType === ItemType.ERC721 || item.itemType === ItemType.ERC1155,
    )
    for (const item of tokens) {
      const reason = yield* reasonOf(ctx, order, item, units)
      if (reason !== undefined) {
        return OpenSeaError.failedCheck("fillable", `The listing cannot fill: ${reason}`, {
          Token: `${item.token}:${item.identifierOrCriteria}`,
          Order: order.hash,
          Reason: reason,
        })
      }
    }
    return undefined
  })
