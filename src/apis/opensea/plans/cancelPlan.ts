import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, type Hex } from "viem"
import { checked } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { attempt, orderByHash, type PlanContext } from "../book/PlanContext.js"
import { checkCancelCall, checkCancelSignature } from "../seaport/checkCancel.js"
import { ORDER_HASH_TYPES } from "../seaport/eip712Types.js"
import { OrderType, sameAddress } from "../seaport/SeaportOrder.js"
import { seaportAbi } from "../seaport/seaportAbi.js"
import { decodeRequest } from "../wire/decode.js"
import { seaportDomain } from "../wire/orderComponents.js"
import { CancelRequest } from "../wire/requests.js"
import { type NamedSeaportOrder, namedOrder } from "./namedOrder.js"
import { transactionItem } from "./planSteps.js"

/**
 * OpenSea cancels off-chain only a restricted order in its signed zone: the zone then stops authorising its fills.
 * Any other order stays fillable by whoever kept it, so only Seaport can cancel it.
 */
const inSignedZone = (ctx: PlanContext, order: NamedSeaportOrder): boolean =>
  sameAddress(order.parameters.zone, ctx.config.signedZone) &&
  (order.parameters.orderType === OrderType.FULL_RESTRICTED ||
    order.parameters.orderType === OrderType.PARTIAL_RESTRICTED)

/** The orders the request names, each proven to be the named one (its hash at the offerer's counter on chain). */
const namedOrders = (ctx: PlanContext, request: CancelRequest) =>
  Effect.forEach(request.orderIds, (id) => Effect.flatMap(orderByHash(ctx, id), (order) => namedOrder(ctx, order, id)))

/**
 * `cancel` on OpenSea. A restricted order in OpenSea's signed zone (its protected offers) is cancelled off-chain:
 * its maker signs `OrderHash { orderHash }` and OpenSea's zone stops authorising its fills. Every other order is
 * cancelled on chain, one `Seaport.cancel` per maker; `offChain: true` for one of those is refused, since an
 * off-chain cancel would leave it fillable. Each signature and call is checked to cover exactly the named orders.
 */
export const cancelPlan = (ctx: PlanContext, body: unknown) =>
  Effect.gen(function* () {
    const request = yield* decodeRequest(CancelRequest, body)
    const orders = yield* namedOrders(ctx, request)
    const offChain = orders.filter((order) => inSignedZone(ctx, order))
    const onChain = orders.filter((order) => !offChain.includes(order))
    if (request.offChain === true && onChain.length > 0) {
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          "an off-chain cancel of an order outside its signed zone",
          `${onChain.map((order) => order.hash).join(", ")} would stay fillable by whoever kept the signed order: ` +
            "cancel it on chain (leave out `offChain`)",
        ),
      )
    }
    const expectation = {
      seaport: ctx.config.seaport,
      chainId: ctx.chain.id,
      orderHashes: orders.map((order) => order.hash),
    }
    const byMaker = new Map<Address, Array<NamedSeaportOrder>>()
    for (const order of onChain)
      byMaker.set(order.parameters.offerer, [...(byMaker.get(order.parameters.offerer) ?? []), order])
    const transactions = yield* Effect.forEach([...byMaker], ([maker, mine]) =>
      Effect.gen(function* () {
        const data = yield* attempt(() =>
          encodeFunctionData({
            abi: seaportAbi,
            functionName: "cancel",
            args: [
              mine.map(({ parameters: { totalOriginalConsiderationItems: _all, ...fields }, counter }) => ({
                ...fields,
                counter,
              })) as never,
            ],
          }),
        )
        yield* checked(checkCancelCall(expectation, { to: ctx.config.seaport, data, value: 0n }))
        return transactionItem(ctx, maker, { to: ctx.config.seaport, data })
      }),
    )
    const signatures = yield* Effect.forEach(offChain, (order) =>
      Effect.gen(function* () {
        const sign = {
          signatureKind: "eip712",
          domain: seaportDomain(ctx),
          types: ORDER_HASH_TYPES,
          primaryType: "OrderHash",
          value: { orderHash: order.hash as Hex },
        }
        yield* checked(
          checkCancelSignature(expectation, {
            domain: sign.domain,
            primaryType: sign.primaryType,
            message: sign.value,
          }),
        )
        return {
          status: "incomplete",
          orderIds: [order.hash],
          data: {
            sign,
            post: {
              endpoint: `/api/v2/orders/chain/${ctx.chainName}/protocol/${ctx.config.seaport}/${order.hash}/cancel`,
              method: "POST",
              body: {},
            },
          },
        }
      }),
    )
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
          ? [
              {
                id: "cancellation",
                action: "Cancel order",
                description: "Cancel on Seaport, on chain",
                kind: "transaction",
                items: transactions,
              },
            ]
          : []),
      ],
    }
  })
