import * as Effect from "effect/Effect"
import { type Address, type Hex, zeroHash } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { PlanContext } from "../book/PlanContext.js"

/**
 * Who pulls the fulfiller's tokens for a fill made with `conduitKey`: Seaport itself for the zero key, the chain's
 * conduit for its conduit key. Any other key names a conduit tradekit does not know, and no approval is made for it.
 */
export const approvalTarget = (ctx: PlanContext, conduitKey: Hex): Effect.Effect<Address, OpenSeaError> => {
  if (conduitKey.toLowerCase() === zeroHash) return Effect.succeed(ctx.config.seaport)
  if (conduitKey.toLowerCase() === ctx.config.conduitKey.toLowerCase()) return Effect.succeed(ctx.config.conduit)
  return Effect.fail(
    OpenSeaError.failedCheck("conduit", "The fill names a conduit that is neither Seaport itself nor the chain's", {
      "Conduit key": conduitKey,
      Expected: `${zeroHash} or ${ctx.config.conduitKey}`,
    }),
  )
}
