import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import { bulkOrderItems } from "../../../../../src/apis/opensea/plans/bulkOrderItem.js"
import { orderSignatureItem, wireItem } from "../../../../../src/apis/opensea/wire/orderComponents.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const conduitKey = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
const ctx = { chain: { id: 1 }, chainName: "ethereum", config: { seaport, conduitKey } } as unknown as PlanContext
const maker = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const nft = "0x3333333333333333333333333333333333333333"

/** A checked listing of token `id`, posted on `kind`'s route, with one fee noted. */
const listing = (id: number, kind = "listing") => ({
  ...orderSignatureItem(
    ctx,
    {
      offerer: maker,
      offer: [wireItem(2, nft, String(id), 1n)],
      consideration: [wireItem(0, zeroAddress, "0", 1000n, maker)],
      orderType: 0,
      startTime: 1n,
      endTime: 2n ** 40n,
      counter: 0n,
    },
    { kind, slug: "cats" },
  ),
  fees: [`fee ${id}`],
})

describe("bulkOrderItems", () => {
  it.effect("keeps a lone order and a collection offer as they are", () =>
    Effect.gen(function* () {
      const items = [listing(1), listing(2, "collection-offer"), listing(3, "collection-offer")]
      expect(yield* bulkOrderItems(ctx, items)).toEqual(items)
    }),
  )

  it.effect("makes orders on the same route one BulkOrder signature where the first stood", () =>
    Effect.gen(function* () {
      const first = listing(1)
      const offer = listing(9, "item-offer")
      const second = listing(2)
      const third = listing(3)
      const result = (yield* bulkOrderItems(ctx, [first, offer, second, third])) as ReadonlyArray<{
        data: { sign: { primaryType: string; domain: unknown }; post: { endpoint: string; body: unknown } }
        fees: ReadonlyArray<string>
      }>
      expect(result).toHaveLength(2)
      const [bulk, lone] = result
      expect(lone).toBe(offer)
      expect(bulk!.data.sign.primaryType).toBe("BulkOrder")
      expect(bulk!.data.sign.domain).toEqual(first.data.sign.domain)
      expect(bulk!.data.post.endpoint).toBe("/api/v2/orders/ethereum/seaport/listings")
      expect(bulk!.data.post.body).toEqual({
        bulkOrders: [first.data.post.body, second.data.post.body, third.data.post.body],
      })
      expect(bulk!.fees).toEqual(["fee 1", "fee 2", "fee 3"])
    }),
  )

  it.effect("refuses to bundle an order that cannot be read", () =>
    Effect.gen(function* () {
      const broken = {
        ...listing(2),
        data: { ...listing(2).data, sign: { ...listing(2).data.sign, value: { bad: 1 } } },
      }
      const error = yield* Effect.flip(bulkOrderItems(ctx, [listing(1), broken]))
      expect(error._tag).toBe("OpenSeaError")
      expect(error.reason._tag).toBe("Unreadable")
    }),
  )
})
