import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { parseEther } from "viem"
import { vi } from "vitest"
import { list } from "../../../../src/index.js"
import { expectRefused, makeWorld, NFT, OPENSEA_CONDUIT, refusalOf, STRANGER } from "./hostileKit.js"

/**
 * The bulk signature's last line of defence: were the tree handed to the wallet ever to carry a leaf other than the
 * order checked for it (here the tree builder pays leaf 1's proceeds to a stranger), the plan is refused before
 * the wallet sees it, and nothing is signed or posted.
 */
vi.mock("../../../../src/apis/opensea/seaport/bulkOrderTree.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../../src/apis/opensea/seaport/bulkOrderTree.js")>()
  return {
    ...original,
    bulkOrderTree: <A>(orders: ReadonlyArray<A>, empty: A, height: number) => {
      const swapped = orders.map((order, index) => {
        if (index !== 1) return order
        const wire = order as { consideration: ReadonlyArray<Record<string, unknown>> }
        return {
          ...wire,
          consideration: wire.consideration.map((item, at) => (at === 0 ? { ...item, recipient: STRANGER } : item)),
        }
      })
      return original.bulkOrderTree(swapped as ReadonlyArray<A>, empty, height)
    },
  }
})

describe("a bulk signature whose tree is not the checked orders", () => {
  it.effect("(h) a tree leaf paying a stranger instead of the checked listing: refused, nothing signed or posted", () =>
    Effect.gen(function* () {
      const world = makeWorld()
      world.openSea.addCollection({ contract: NFT })
      world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
      const listings = [1, 2, 3].map((id) => ({ token: `${NFT}:${id}`, weiPrice: parseEther("1").toString() }))
      const error = yield* refusalOf(world, list({ listings }))
      expectRefused(world, error, "order")
      expect((error as { message: string }).message).toContain(
        "Leaf 1 of the bulk order is not the order checked for it",
      )
      expect(world.openSea.posted).toEqual([])
    }),
  )
})
