import * as Effect from "effect/Effect"
import {
  type Address,
  concat,
  domainSeparator,
  encodeAbiParameters,
  type Hex,
  hashStruct,
  hashTypedData,
  keccak256,
  toHex,
} from "viem"
import { OrderCheckError } from "../../../errors/OrderCheckError.js"
import {
  bulkOrderHeight,
  bulkOrderLeaves,
  bulkOrderRoot,
  bulkOrderTypes,
  MAX_BULK_ORDER_HEIGHT,
} from "./bulkOrderTree.js"
import { ORDER_COMPONENTS_TYPES } from "./eip712Types.js"
import type { OrderComponents } from "./SeaportOrder.js"

/** The bulk signature a plan asks for: the orders it checked, one by one, on the chain's Seaport. */
export interface BulkOrderExpectation {
  /** The book, in the error (`opensea` by default). */
  readonly book?: string | undefined
  readonly seaport: Address
  readonly chainId: number
  /** The checked orders, in the order of the tree's leaves. */
  readonly orders: ReadonlyArray<OrderComponents>
}

/** EIP-712 typed data as a signature item hands it to the wallet. */
export interface BulkTypedData {
  readonly domain: Record<string, unknown>
  readonly types: Record<string, ReadonlyArray<{ readonly name: string; readonly type: string }>>
  readonly primaryType: string
  readonly value: Record<string, unknown>
}

/** The tree's leaves, left to right, when `tree` nests pairs `height` deep; undefined when it does not. */
const leavesOf = (tree: unknown, height: number): ReadonlyArray<unknown> | undefined => {
  if (height === 0) return [tree]
  if (!Array.isArray(tree) || tree.length !== 2) return undefined
  const left = leavesOf(tree[0], height - 1)
  const right = leavesOf(tree[1], height - 1)
  return left === undefined || right === undefined ? undefined : [...left, ...right]
}

/** A leaf's order hash as the wallet will hash it, or undefined when it is not `OrderComponents`. */
const hashOfLeaf = (leaf: unknown): Hex | undefined => {
  try {
    return hashStruct({
      types: ORDER_COMPONENTS_TYPES,
      primaryType: "OrderComponents",
      data: leaf as Record<string, unknown>,
    })
  } catch {
    return undefined
  }
}

const sameTypes = (got: BulkTypedData["types"], expected: BulkTypedData["types"]): boolean =>
  Object.keys(got).length === Object.keys(expected).length &&
  Object.entries(expected).every(
    ([name, fields]) =>
      got[name]?.length === fields.length &&
      fields.every((field, index) => got[name]![index]?.name === field.name && got[name]![index]?.type === field.type),
  )

/**
 * Refuses, before the wallet, a bulk signature that is not exactly the checked orders: the typed data must be a
 * `BulkOrder` of the height their count gives, its leaves the checked orders in order and then empty orders only,
 * and its EIP-712 digest — what the wallet signs — the digest of the tree of the checked orders on the chain's
 * Seaport. A tree with one foreign leaf would let the signature authorise an order no check saw.
 */
export const checkBulkOrderToSign = Effect.fnUntraced(function* (
  expect: BulkOrderExpectation,
  typed: BulkTypedData,
): Effect.fn.Return<void, OrderCheckError> {
  const refuse = (short: string, facts: Record<string, string | number | undefined>) =>
    OrderCheckError.of({ book: expect.book ?? "opensea", check: "order", short, facts })
  const height = bulkOrderHeight(expect.orders.length)
  if (expect.orders.length === 0 || height > MAX_BULK_ORDER_HEIGHT) {
    return yield* refuse("A bulk signature holds 1 to 2^24 orders", { Got: expect.orders.length })
  }
  const types = bulkOrderTypes(height)
  if (typed.primaryType !== "BulkOrder" || !sameTypes(typed.types, types)) {
    return yield* refuse("The typed data to sign is not Seaport's BulkOrder of the orders' height", {
      Expected: `BulkOrder { ${types.BulkOrder[0]!.type} tree }`,
      Got: `${typed.primaryType} { ${typed.types.BulkOrder?.map((field) => `${field.type} ${field.name}`).join(", ") ?? ""} }`,
    })
  }
  const leaves = leavesOf(typed.value.tree, height)
  if (leaves === undefined)
    return yield* refuse("The bulk order's tree is not a complete tree of pairs", { Expected: `${2 ** height} leaves` })
  const expected = bulkOrderLeaves(expect.orders, height)
  for (const [index, leaf] of leaves.entries()) {
    const hash = hashOfLeaf(leaf)
    if (hash !== expected[index]) {
      return yield* refuse(
        index < expect.orders.length
          ? `Leaf ${index} of the bulk order is not the order checked for it`
          : `Leaf ${index} of the bulk order is not an empty order: it would sign an order no check saw`,
        { Expected: expected[index], Got: hash ?? "not OrderComponents" },
      )
    }
  }
  const want = bulkOrderDigest(expect, height, bulkOrderRoot(expected))
  let got: Hex | undefined
  try {
    got = hashTypedData({
      domain: typed.domain,
      types: typed.types,
      primaryType: typed.primaryType,
      message: typed.value,
    } as never)
  } catch {
    got = undefined
  }
  if (got !== want)
    return yield* refuse("The bulk signature's digest is not that of the checked orders' tree on the chain's Seaport", {
      Expected: want,
      Got: got,
    })
})

/** A struct's fields as EIP-712's type string writes them. */
const fieldsOf = (name: keyof typeof ORDER_COMPONENTS_TYPES): string =>
  ORDER_COMPONENTS_TYPES[name].map((field) => `${field.type} ${field.name}`).join(",")

/**
 * The digest a bulk signature signs, as Seaport derives it (`Verifiers._computeBulkOrderProof`) rather than from any
 * typed data: keccak of the `BulkOrder` type hash of `height` and the tree's root, in Seaport 1.6's domain.
 */
const bulkOrderDigest = (
  seaport: { readonly seaport: Address; readonly chainId: number },
  height: number,
  root: Hex,
): Hex => {
  const typeString = `BulkOrder(OrderComponents${"[2]".repeat(height)} tree)${(
    ["ConsiderationItem", "OfferItem", "OrderComponents"] as const
  )
    .map((name) => `${name}(${fieldsOf(name)})`)
    .join("")}`
  const bulkOrderHash = keccak256(
    encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }], [keccak256(toHex(typeString)), root]),
  )
  const domain = { name: "Seaport", version: "1.6", chainId: seaport.chainId, verifyingContract: seaport.seaport }
  return keccak256(concat(["0x1901", domainSeparator({ domain }), bulkOrderHash]))
}
