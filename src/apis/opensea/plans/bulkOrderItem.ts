import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { zeroAddress, zeroHash } from "viem"
import { checked } from "../book/checked.js"
import type { OpenSeaError } from "../book/OpenSeaError.js"
import { type PlanContext, read } from "../book/PlanContext.js"
import { bulkOrderHeight, bulkOrderTree, bulkOrderTypes } from "../seaport/bulkOrderTree.js"
import { checkBulkOrderToSign } from "../seaport/checkBulkOrderToSign.js"
import { checkSeaportDomain } from "../seaport/checkSeaportDomain.js"
import { seaportDomain } from "../wire/orderComponents.js"
import { componentsOf } from "../wire/wireOrder.js"

/** The routes whose orders one bulk signature may carry: listings, and item offers (a criteria offer keeps its own). */
const BULK_ROUTE = /^\/api\/v2\/orders\/[a-z0-9_]+\/seaport\/(listings|offers)$/

/** The empty order of a tree's padding, as the wallet receives it. */
const EMPTY_WIRE_ORDER = {
  offerer: zeroAddress,
  zone: zeroAddress,
  offer: [],
  consideration: [],
  orderType: 0,
  startTime: "0",
  endTime: "0",
  zoneHash: zeroHash,
  salt: "0",
  conduitKey: zeroHash,
  counter: "0",
}

/** An order signature item after `checkedOrderItem`: its typed data, its post, and the fees the check found. */
interface CheckedOrderItem {
  readonly data: {
    readonly sign: { readonly value: unknown }
    readonly post: { readonly endpoint: string; readonly method: string; readonly body: unknown }
  }
  readonly fees: ReadonlyArray<unknown>
}

/**
 * One signature item for several checked orders posted on the same route: the wallet signs Seaport's `BulkOrder`
 * tree of them once, and its post carries every order (`bulkOrders`), each posted with its own proof. The typed
 * data is checked, before any wallet sees it, to be exactly the tree of the checked orders.
 */
const bulkItemOf = (ctx: PlanContext, group: ReadonlyArray<CheckedOrderItem>) =>
  Effect.gen(function* () {
    const orders = yield* read(() => Result.all(group.map((item) => componentsOf(item.data.sign.value))))
    const height = bulkOrderHeight(group.length)
    const sign = {
      signatureKind: "eip712",
      domain: seaportDomain(ctx),
      types: bulkOrderTypes(height),
      primaryType: "BulkOrder",
      value: {
        tree: bulkOrderTree<unknown>(
          group.map((item) => item.data.sign.value),
          EMPTY_WIRE_ORDER,
          height,
        ),
      },
    }
    yield* checked(checkSeaportDomain({ seaport: ctx.config.seaport, chainId: ctx.chain.id }, sign.domain))
    yield* checked(checkBulkOrderToSign({ seaport: ctx.config.seaport, chainId: ctx.chain.id, orders }, sign))
    const { endpoint, method } = group[0]!.data.post
    return {
      status: "incomplete",
      data: { sign, post: { endpoint, method, body: { bulkOrders: group.map((item) => item.data.post.body) } } },
      fees: group.flatMap((item) => item.fees),
    }
  })

/**
 * A plan's checked order items with every two or more that post on the same listing or item-offer route made one
 * bulk signature item, where the first of them stood: one wallet prompt for many orders. A lone order, and a
 * criteria offer, keep their own `OrderComponents` signature.
 */
export const bulkOrderItems = <I extends CheckedOrderItem>(
  ctx: PlanContext,
  items: ReadonlyArray<I>,
): Effect.Effect<ReadonlyArray<unknown>, OpenSeaError> =>
  Effect.gen(function* () {
    const groups = new Map<string, Array<I>>()
    for (const item of items) {
      if (BULK_ROUTE.test(item.data.post.endpoint))
        groups.set(item.data.post.endpoint, [...(groups.get(item.data.post.endpoint) ?? []), item])
    }
    const result: Array<unknown> = []
    for (const item of items) {
      const group = groups.get(item.data.post.endpoint)
      if (group === undefined || group.length < 2) result.push(item)
      else if (group[0] === item) result.push(yield* bulkItemOf(ctx, group))
    }
    return result
  })
