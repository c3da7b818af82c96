/**
 * A bulk signature is asked of the wallet only for exactly the checked orders: seaport-js's own typed data for them
 * passes, and each malformed shape (no orders, a broken tree, a leaf that is no order, a foreign domain) is refused
 * with an OrderCheckError that says which. (bulkOrders.test.ts covers foreign, reordered and hidden orders.)
 */
import { describe, expect, it } from "@effect/vitest"
import { getBulkOrderTree } from "@opensea/seaport-js/lib/utils/eip712/bulk-orders.js"
import * as Effect from "effect/Effect"
import {
  bulkOrderHeight,
  bulkOrderTree,
  bulkOrderTypes,
  EMPTY_ORDER,
} from "../../../../../src/apis/opensea/seaport/bulkOrderTree.js"
import {
  type BulkTypedData,
  checkBulkOrderToSign,
} from "../../../../../src/apis/opensea/seaport/checkBulkOrderToSign.js"
import type { OrderComponents } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { listing, seaport } from "./fixtures.js"

const orders = (count: number): ReadonlyArray<OrderComponents> =>
  Array.from({ length: count }, (_, index) => listing({ salt: BigInt(200 + index) }))
const domain = { name: "Seaport", version: "1.6", chainId: 1, verifyingContract: seaport }

/** The typed data of `components` as a plan builds it. */
const typedDataOf = (components: ReadonlyArray<OrderComponents>): BulkTypedData => {
  const height = bulkOrderHeight(components.length)
  return {
    domain,
    types: bulkOrderTypes(height),
    primaryType: "BulkOrder",
    value: { tree: bulkOrderTree<unknown>(components, EMPTY_ORDER, height) },
  }
}
const expecting = (components: ReadonlyArray<OrderComponents>, book?: string) => ({
  book,
  seaport,
  chainId: 1,
  orders: components,
})
const refusalOf = (components: ReadonlyArray<OrderComponents>, typed: BulkTypedData, book?: string) =>
  Effect.flip(checkBulkOrderToSign(expecting(components, book), typed))

describe("checkBulkOrderToSign", () => {
  it.effect("lets through the typed data seaport-js builds for the checked orders", () =>
    Effect.gen(function* () {
      for (const count of [1, 2, 3, 5]) {
        const checked = orders(count)
        const theirs = getBulkOrderTree(checked as never)
        const typed = { domain, types: theirs.types, primaryType: "BulkOrder", value: { tree: theirs.getDataToSign() } }
        yield* checkBulkOrderToSign(expecting(checked), typed)
      }
    }),
  )

  it.effect("refuses a bulk signature of no orders, naming the count", () =>
    Effect.gen(function* () {
      const error = yield* refusalOf([], typedDataOf(orders(1)))
      expect(error).toMatchObject({ _tag: "OrderCheckError", book: "opensea", check: "order" })
      expect(error.message).toContain("A bulk signature holds 1 to 2^24 orders")
      expect(error.message).toContain("Got: 0")
    }),
  )

  it.effect("names the book it was told in the refusal", () =>
    Effect.gen(function* () {
      const error = yield* refusalOf([], typedDataOf(orders(1)), "opensea-testnet")
      expect(error.book).toBe("opensea-testnet")
      expect(error.message).toContain("opensea-testnet")
    }),
  )

  it.effect("refuses typed data that declares a type beyond Seaport's", () =>
    Effect.gen(function* () {
      const honest = typedDataOf(orders(2))
      const padded = { ...honest, types: { ...honest.types, Note: [{ name: "text", type: "string" }] } }
      const error = yield* refusalOf(orders(2), padded)
      expect(error.check).toBe("order")
      expect(error.message).toContain("not Seaport's BulkOrder of the orders' height")
      expect(error.message).toContain("Expected: BulkOrder { OrderComponents[2] tree }")
    }),
  )

  it.effect("refuses a tree that is not pairs nested as deep as its type", () =>
    Effect.gen(function* () {
      const checked = orders(3)
      const [a, b, c] = checked
      for (const tree of [[[a, b], [c]], [a, b, c, EMPTY_ORDER], [[a, b, c], EMPTY_ORDER], "tree"]) {
        const error = yield* refusalOf(checked, { ...typedDataOf(checked), value: { tree } })
        expect(error.check).toBe("order")
        expect(error.message).toContain("not a complete tree of pairs")
        expect(error.message).toContain("Expected: 4 leaves")
      }
    }),
  )

  it.effect("refuses a leaf that is not an order at all", () =>
    Effect.gen(function* () {
      const [a] = orders(1)
      const error = yield* refusalOf([a!], { ...typedDataOf([a!]), value: { tree: [a, { offerer: "nobody" }] } })
      expect(error.message).toContain("Leaf 1 of the bulk order is not an empty order")
      expect(error.message).toContain("Got: not OrderComponents")
    }),
  )

  it.effect("refuses the right tree in another version's Seaport domain, or a domain that does not hash", () =>
    Effect.gen(function* () {
      const checked = orders(2)
      const honest = typedDataOf(checked)
      const older = yield* refusalOf(checked, { ...honest, domain: { ...domain, version: "1.5" } })
      expect(older.message).toContain("digest is not that of the checked orders' tree")
      const broken = yield* refusalOf(checked, { ...honest, domain: { ...domain, chainId: "mainnet" } })
      expect(broken.message).toContain("digest is not that of the checked orders' tree")
    }),
  )
})
