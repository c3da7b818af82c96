import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, zeroAddress } from "viem"
import type { Json } from "./Json.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import { ORDER_HASH_TYPES, OrderType, seaportDomain } from "./orderComponents.js"
import { bigIntOf, type OpenSeaOrder } from "./orderOf.js"
import { attempt, orderByHash, type PlanContext } from "./PlanContext.js"
import { transactionItem } from "./planSteps.js"
import { seaportAbi } from "./seaportAbi.js"

/** An order's signed components as Seaport's `cancel` takes them. */
const componentsOf = (order: OpenSeaOrder) => {
  const p = order.parameters
  const item = (entry: Json, withRecipient: boolean) => ({
    itemType: Number(entry.itemType),
    token: entry.token as Address,
    identifierOrCriteria: bigIntOf(entry.identifierOrCriteria, "identifierOrCriteria"),
    startAmount: bigIntOf(entry.startAmount, "startAmount"),
    endAmount: bigIntOf(entry.endAmount, "endAmount"),
    ...(withRecipient ? { recipient: entry.recipient as Address } : {}),
  })
  return {
    offerer: order.offerer,
    zone: p.zone,
    offer: (p.offer as ReadonlyArray<Json>).map((entry) => item(entry, false)),
    consideration: (p.consideration as ReadonlyArray<Json>).map((entry) => item(entry, true)),
    orderType: Number(p.orderType),
    startTime: bigIntOf(p.startTime, "startTime"),
    endTime: bigIntOf(p.endTime, "endTime"),
    zoneHash: p.zoneHash,
    salt: bigIntOf(p.salt, "salt"),
    conduitKey: p.conduitKey,
    counter: bigIntOf(p.counter, "counter"),
  }
}

/**
 * `POST /execute/cancel/v3` on OpenSea. An order in a signed zone (OpenSea's protected offers), or every order
 * when the body asks `offChain: true`, is cancelled off-chain: its maker signs `OrderHash { orderHash }` and
 * OpenSea stops handing out fulfilment for it (without a signed zone, whoever kept the signed order can still
 * fill it). Every other order is cancelled on chain, one `Seaport.cancel` per maker: free of that risk, at a gas cost.
 */
export const cancelPlan = (ctx: PlanContext, body: Json) =>
  Effect.gen(function* () {
    const ids: ReadonlyArray<unknown> = Array.isArray(body?.orderIds) ? body.orderIds : []
    const orders = yield* Effect.forEach(ids, (id) => orderByHash(ctx, id))
    // OpenSea cancels off-chain only a restricted order in its signed zone: the zone then stops authorising its
    // fills. Any other order stays fillable by whoever kept it, so only Seaport can cancel it.
    const inSignedZone = (order: OpenSeaOrder) =>
      String(order.parameters.zone ?? zeroAddress).toLowerCase() === ctx.config.signedZone.toLowerCase() &&
      [OrderType.FULL_RESTRICTED, OrderType.PARTIAL_RESTRICTED].includes(Number(order.parameters.orderType) as 2 | 3)
    const offChain = orders.filter(inSignedZone)
    const onChain = orders.filter((order) => !offChain.includes(order))
    if (body?.offChain === true && onChain.length > 0) {
      return yield* Effect.fail(
        OpenSeaFailure.unsupported(
          "an off-chain cancel of an order outside its signed zone",
          `${onChain.map((order) => order.hash).join(", ")} would stay fillable by whoever kept the signed order: cancel it on chain (leave out \`offChain\`)`,
        ),
      )
    }
    const byMaker = new Map<Address, Array<OpenSeaOrder>>()
    for (const order of onChain) byMaker.set(order.offerer, [...(byMaker.get(order.offerer) ?? []), order])
    const transactions = yield* attempt(() =>
      [...byMaker].map(([maker, mine]) =>
        transactionItem(ctx, maker, {
          to: ctx.config.seaport,
          data: encodeFunctionData({ abi: seaportAbi, functionName: "cancel", args: [mine.map(componentsOf) as never] }),
        }),
      ),
    )
    const signatures = offChain.map((order) => ({
      status: "incomplete",
      orderIds: [order.hash],
      data: {
        sign: {
          signatureKind: "eip712",
          domain: seaportDomain(ctx),
          types: ORDER_HASH_TYPES,
          primaryType: "OrderHash",
          value: { orderHash: order.hash },
        },
        post: { endpoint: `/api/v2/orders/chain/${ctx.chainName}/protocol/${order.protocolAddress}/${order.hash}/cancel`, method: "POST", body: {} },
      },
    }))
    return {
      steps: [
        ...(signatures.length > 0
          ? [
              {
                id: "cancellation-signature",
                action: "Cancel order",
                description: "A free signature to cancel on OpenSea",
                kind: "signature",
                items: signatures,
              },
            ]
          : []),
        ...(transactions.length > 0
          ? [{ id: "cancellation", action: "Cancel order", description: "Cancel on Seaport, on chain", kind: "transaction", items: transactions }]
          : []),
      ],
    }
  })
