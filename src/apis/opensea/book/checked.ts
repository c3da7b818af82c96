import * as Effect from "effect/Effect"
import type { OrderCheckError } from "../../../errors/index.js"
import { checkOrderToSign, type OrderToSignExpectation } from "../seaport/checkOrderToSign.js"
import { checkSeaportDomain, type TypedDataDomain } from "../seaport/checkSeaportDomain.js"
import { requiredFeeItems } from "../seaport/requiredFeeItems.js"
import { componentsOf } from "../wire/wireOrder.js"
import { OpenSeaError } from "./OpenSeaError.js"
import { type PlanContext, read } from "./PlanContext.js"

/** Runs a Seaport check inside a plan: its refusal becomes the plan's failure, the OrderCheckError kept as it is. */
export const checked = <A>(check: Effect.Effect<A, OrderCheckError>): Effect.Effect<A, OpenSeaError> =>
  Effect.mapError(check, OpenSeaError.refusedBy)

/** A signature item of an OpenSea plan: the typed data the wallet is asked to sign. */
interface OrderSignatureItem {
  readonly data: { readonly sign: { readonly domain: TypedDataDomain; readonly value: unknown } }
}

/**
 * Holds a signature item to the order the user named before any wallet sees it: Seaport 1.6 on the chain's Seaport,
 * and the `OrderComponents` to sign checked against `expect` (at most the client's `maxFeeBps` in fees). The item
 * comes back with its `fees`, each recipient, amount and share of the price, for a precheck to show.
 */
export const checkedOrderItem = <I extends OrderSignatureItem>(
  ctx: PlanContext,
  expect: OrderToSignExpectation,
  item: I,
) =>
  Effect.gen(function* () {
    yield* checked(checkSeaportDomain({ seaport: ctx.config.seaport, chainId: ctx.chain.id }, item.data.sign.domain))
    const components = yield* read(() => componentsOf(item.data.sign.value))
    yield* checked(checkOrderToSign({ ...expect, maxFeeBps: ctx.config.maxFeeBps }, components))
    const fees = requiredFeeItems(components).map((fee) => ({
      recipient: fee.recipient,
      amount: fee.amount.toString(),
      basisPoints: Number(fee.basisPoints),
    }))
    return { ...item, fees }
  })
