import { describe, expect, it } from "@effect/vitest"
import { getBulkOrderTree } from "@opensea/seaport-js/lib/utils/eip712/bulk-orders.js"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { Signature } from "ethers"
import { concat, type Hex, hashStruct, hexToBytes, keccak256, parseEther, toHex, zeroAddress, zeroHash } from "viem"
import {
  bulkOrderHeight,
  bulkOrderLeaves,
  bulkOrderProof,
  bulkOrderRoot,
  bulkOrderSignature,
  bulkOrderTree,
  bulkOrderTypes,
} from "../../../../src/apis/opensea/seaport/bulkOrderTree.js"
import { checkBulkOrderToSign } from "../../../../src/apis/opensea/seaport/checkBulkOrderToSign.js"
import type { OrderComponents } from "../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { componentsOf } from "../../../../src/apis/opensea/wire/wireOrder.js"
import { bid, type ExecutionSnapshot, list, resumeExecution } from "../../../../src/index.js"
import { makeWorld, NFT, OPENSEA_CONDUIT, OPENSEA_FEE, run, STRANGER, signedTypedData, WETH } from "./hostileKit.js"

/**
 * Issue 29, "many listings, one signature": several listings (or item offers) ask the wallet once, for Seaport's
 * `BulkOrder` tree of the checked orders; each order is posted with its own proof, and a partly refused post says
 * which orders are live.
 */

const ONE = parseEther("1")
const LISTINGS = "/api/v2/orders/ethereum/seaport/listings"
const SEAPORT = "0x0000000000000068F116a894984e2DB1123eB395"
const CONDUIT_KEY = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"

/** A wire order (what a signature item's typed data holds) of `maker` selling NFT #`tokenId`. */
const wireOrder = (tokenId: number, maker = OPENSEA_FEE) => ({
  offerer: maker,
  zone: zeroAddress,
  offer: [{ itemType: 2, token: NFT, identifierOrCriteria: String(tokenId), startAmount: "1", endAmount: "1" }],
  consideration: [
    {
      itemType: 0,
      token: zeroAddress,
      identifierOrCriteria: "0",
      startAmount: "990",
      endAmount: "990",
      recipient: maker,
    },
  ],
  orderType: 0,
  startTime: "1700000000",
  endTime: "1800000000",
  zoneHash: zeroHash,
  salt: String(1000 + tokenId),
  conduitKey: CONDUIT_KEY,
  counter: "0",
})
const EMPTY = {
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

/** The typed data a plan would ask to sign for `wires`, as `bulkOrderItems` builds it. */
const typedDataOf = (wires: ReadonlyArray<unknown>, chainId = 1) => {
  const height = bulkOrderHeight(wires.length)
  return {
    domain: { name: "Seaport", version: "1.6", chainId, verifyingContract: SEAPORT },
    types: bulkOrderTypes(height),
    primaryType: "BulkOrder",
    value: { tree: bulkOrderTree<unknown>(wires, EMPTY, height) },
  }
}

const expectation = (
  wires: ReadonlyArray<unknown>,
): { seaport: Hex; chainId: number; orders: ReadonlyArray<OrderComponents> } => ({
  seaport: SEAPORT,
  chainId: 1,
  orders: wires.map((wire) => Result.getOrThrow(componentsOf(wire))),
})

describe("Seaport's bulk order tree, as seaport-js builds it", () => {
  it.each([1, 2, 3, 5])(
    "%i orders: the same height, types, root and proof-carrying signatures as seaport-js",
    (count) => {
      const wires = Array.from({ length: count }, (_, index) => wireOrder(index + 1))
      const theirs = getBulkOrderTree(wires as never)
      const height = bulkOrderHeight(count)
      expect(height).toBe(theirs.depth)
      expect(bulkOrderTypes(height)).toEqual(theirs.types)
      const leaves = bulkOrderLeaves(
        wires.map((wire) => Result.getOrThrow(componentsOf(wire))),
        height,
      )
      expect(bulkOrderRoot(leaves)).toBe(theirs.root)
      // The tree the wallet is asked to sign hashes as seaport-js's (its numbers are 0 where ours are "0").
      const tree = bulkOrderTree<unknown>(wires, EMPTY, height)
      expect(hashStruct({ types: bulkOrderTypes(height), primaryType: "BulkOrder", data: { tree } })).toBe(
        theirs.encoder.hashStruct("BulkOrder", { tree: theirs.getDataToSign() }),
      )
      // The wallet's 65 bytes (v = 28, so the compact form carries yParity in s's top bit), posted as seaport-js's
      // `signBulkOrders` posts them: EIP-2098's 64 bytes, then the index and the proof.
      const signature = concat([toHex(new Uint8Array(64).fill(7)), "0x1c"])
      const compact = Signature.from(signature).compactSerialized
      for (let index = 0; index < count; index++) {
        expect(bulkOrderSignature(signature, index, bulkOrderProof(leaves, index)).toLowerCase()).toBe(
          theirs.getEncodedProofAndSignature(index, compact).toLowerCase(),
        )
      }
    },
  )
})

describe("checking a bulk signature before the wallet", () => {
  const wires = [wireOrder(1), wireOrder(2), wireOrder(3)]
  const refusal = (typed: ReturnType<typeof typedDataOf>, orders = wires) =>
    Effect.flip(checkBulkOrderToSign(expectation(orders), typed as never))

  it.effect("the tree of exactly the checked orders passes", () =>
    checkBulkOrderToSign(expectation(wires), typedDataOf(wires)),
  )

  it.effect("(h) a leaf that is not the checked order (its payment to a stranger) is refused", () =>
    Effect.gen(function* () {
      const foreign = { ...wireOrder(2), consideration: [{ ...wireOrder(2).consideration[0]!, recipient: STRANGER }] }
      const error = yield* refusal(typedDataOf([wires[0], foreign, wires[2]]))
      expect(error).toMatchObject({ _tag: "OrderCheckError", check: "order" })
      expect(error.message).toContain("Leaf 1 of the bulk order is not the order checked for it")
    }),
  )

  it.effect("(h) an extra order hidden in the padding is refused", () =>
    Effect.gen(function* () {
      const error = yield* refusal(typedDataOf([...wires, wireOrder(9)]))
      expect(error.message).toContain("Leaf 3 of the bulk order is not an empty order")
    }),
  )

  it.effect(
    "(h) an order hidden at any padding leaf would be fillable with the signature, so it never reaches the wallet",
    () =>
      Effect.gen(function* () {
        const five = [1, 2, 3, 4, 5].map((id) => wireOrder(id))
        const height = bulkOrderHeight(five.length)
        const hidden = wireOrder(9, STRANGER)
        for (const at of [5, 6, 7]) {
          const tree = Array.from({ length: 2 ** height }, (_, index) =>
            index < five.length ? five[index] : index === at ? hidden : EMPTY,
          )
          // What Seaport would do with the signed root: the hidden order's leaf and proof climb to it, so it fills.
          const leaves = bulkOrderLeaves(
            tree.map((wire) => Result.getOrThrow(componentsOf(wire))),
            height,
          )
          const climbed = bulkOrderProof(leaves, at).reduce(
            (node, sibling, level) => keccak256(concat((at >> level) & 1 ? [sibling, node] : [node, sibling])),
            leaves[at]!,
          )
          expect(climbed).toBe(bulkOrderRoot(leaves))
          const error = yield* Effect.flip(checkBulkOrderToSign(expectation(five), typedDataOf(tree) as never))
          expect(error).toMatchObject({ _tag: "OrderCheckError", check: "order" })
        }
        // Padding that is not exactly the empty order (a salt of 1) is refused too; the honest padding passes.
        const near = [...five, { ...EMPTY, salt: "1" }]
        expect(yield* Effect.flip(checkBulkOrderToSign(expectation(five), typedDataOf(near) as never))).toMatchObject({
          _tag: "OrderCheckError",
        })
        yield* checkBulkOrderToSign(expectation(five), typedDataOf(five) as never)
      }),
  )

  it.effect("(h) the checked orders in another order are refused", () =>
    Effect.gen(function* () {
      const error = yield* refusal(typedDataOf([wires[1], wires[0], wires[2]]))
      expect(error.message).toContain("Leaf 0")
    }),
  )

  it.effect("(h) a tree of another height, or another primary type, is refused", () =>
    Effect.gen(function* () {
      const honest = typedDataOf(wires)
      const deeper = typedDataOf([...wires, EMPTY, EMPTY])
      expect((yield* refusal(deeper)).message).toContain("not Seaport's BulkOrder of the orders' height")
      expect((yield* refusal({ ...honest, primaryType: "OrderComponents" })).message).toContain(
        "not Seaport's BulkOrder",
      )
      const renamed = {
        ...honest.types,
        OfferItem: honest.types.OfferItem.map((field) => ({ ...field, name: field.name.replace("token", "asset") })),
      }
      expect((yield* refusal({ ...honest, types: renamed })).message).toContain("not Seaport's BulkOrder")
    }),
  )

  it.effect("(h) the right tree for another chain's or contract's Seaport is refused (the digest differs)", () =>
    Effect.gen(function* () {
      expect((yield* refusal(typedDataOf(wires, 137))).message).toContain("digest")
      const other = typedDataOf(wires)
      const moved = { ...other, domain: { ...other.domain, verifyingContract: OPENSEA_CONDUIT } }
      expect((yield* refusal(moved)).message).toContain("digest")
    }),
  )
})

/** A lister with tokens #1 to #3 approved for the conduit, in a collection with OpenSea's 1 % fee. */
const listerWorld = () => {
  const world = makeWorld()
  world.openSea.addCollection({ contract: NFT, fees: [{ fee: 1, recipient: OPENSEA_FEE, required: true }] })
  world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
  return world
}
const threeListings = [1, 2, 3].map((id) => ({ token: `${NFT}:${id}`, weiPrice: ONE.toString() }))
/** The signature's length in bytes. */
const bytesOf = (signature: unknown) => hexToBytes(signature as Hex).length

describe("many listings, one signature", () => {
  it.effect(
    "three listings: ONE wallet signature of a BulkOrder; each order posted with its own proof and live on OpenSea",
    () =>
      Effect.gen(function* () {
        const world = listerWorld()
        const snapshots: Array<ExecutionSnapshot> = []
        yield* run(
          world,
          list({ listings: threeListings, onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)) }),
        )
        const signed = signedTypedData(world.wallet)
        expect(signed.map((typed) => typed.primaryType)).toEqual(["BulkOrder"])
        const posts = world.openSea.api.requestsTo(LISTINGS)
        expect(posts).toHaveLength(3)
        // 64 bytes of EIP-2098 signature, 3 of index, one 32-byte sibling per level of a height-2 tree.
        expect(posts.map((post) => bytesOf((post.body as any).signature))).toEqual([131, 131, 131])
        const held = [...world.openSea.orders.values()]
        expect(held.map((order) => [order.kind, order.tokenId])).toEqual([
          ["listing", 1n],
          ["listing", 2n],
          ["listing", 3n],
        ])
        const items = snapshots.at(-1)!.steps.flatMap((step) => (step.kind === "signature" ? (step.items ?? []) : []))
        expect(items).toHaveLength(1)
        expect(items[0]!.orderData?.map((order) => order.orderId)).toEqual(held.map((order) => order.hash))
      }),
  )

  it.effect("one listing keeps its single OrderComponents signature", () =>
    Effect.gen(function* () {
      const world = listerWorld()
      yield* run(world, list({ listings: threeListings.slice(0, 1) }))
      expect(signedTypedData(world.wallet).map((typed) => typed.primaryType)).toEqual(["OrderComponents"])
      expect(bytesOf((world.openSea.api.requestsTo(LISTINGS)[0]!.body as any).signature)).toBe(65)
    }),
  )

  it.effect(
    "(h) a proof tampered on the way is refused by the fake as Seaport would: a partial post names each order, live or not",
    () =>
      Effect.gen(function* () {
        const world = listerWorld()
        const snapshots: Array<ExecutionSnapshot> = []
        // The second order's signature arrives with a flipped proof byte: OpenSea refuses that order only.
        world.openSea.api.route("POST", LISTINGS, (request, call) => {
          const body = request.body as any
          const signature =
            call === 1 ? `${body.signature.slice(0, -2)}${body.signature.endsWith("00") ? "01" : "00"}` : body.signature
          return world.openSea.honestAnswer({ ...request, body: { ...body, signature } })
        })
        const error = yield* Effect.flip(
          run(
            world,
            list({ listings: threeListings, onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)) }),
          ),
        )
        expect(error._tag).toBe("OrderPostRefusedError")
        const refused = error as Extract<typeof error, { _tag: "OrderPostRefusedError" }>
        const held = [...world.openSea.orders.keys()]
        expect(held).toHaveLength(2)
        expect(refused.orders?.map((order) => order.live)).toEqual([true, false, true])
        expect(refused.orders?.filter((order) => order.live).map((order) => order.orderId)).toEqual(held)
        expect(refused.orders?.[1]?.reason).toContain("Invalid signature")
        expect(refused.message).toContain("OpenSea took 2 of the 3 orders")

        // Resumed: no second signature; the missing order is posted and every order is live, none twice.
        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        const final = yield* run(world, resumeExecution(stored))
        expect(signedTypedData(world.wallet)).toHaveLength(1)
        expect(world.openSea.orders.size).toBe(3)
        const items = final.steps.flatMap((step) => (step.kind === "signature" ? (step.items ?? []) : []))
        expect(items[0]!.orderData?.map((order) => order.orderId).sort()).toEqual(
          [...world.openSea.orders.keys()].sort(),
        )
      }),
  )

  it.effect(
    "a resume where OpenSea refuses the orders it holds as duplicates: those count as live (found by hash)",
    () =>
      Effect.gen(function* () {
        const world = listerWorld()
        const snapshots: Array<ExecutionSnapshot> = []
        let throttleSecond = true
        world.openSea.api.route("POST", LISTINGS, (request) => {
          const params = (request.body as any).parameters
          const duplicate = [...world.openSea.orders.values()].some(
            (order) => order.components.salt === BigInt(params.salt),
          )
          if (duplicate) return { status: 400, body: { errors: ["Order already exists"] } }
          if (throttleSecond && params.offer[0].identifierOrCriteria === "2") {
            throttleSecond = false
            return { status: 429, headers: { "retry-after": "3600" }, body: { detail: "Request was throttled." } }
          }
          return world.openSea.honestAnswer(request)
        })
        const error = yield* Effect.flip(
          run(
            world,
            list({ listings: threeListings, onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)) }),
          ),
        )
        expect(error).toMatchObject({ _tag: "OrderPostRefusedError", statusCode: 429, retryAfterMs: 3_600_000 })
        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        const final = yield* run(world, resumeExecution(stored))
        expect(final.status).toBe("complete")
        expect(world.openSea.orders.size).toBe(3)
        expect(signedTypedData(world.wallet)).toHaveLength(1)
      }),
  )
})

describe("many item offers, one signature", () => {
  it.effect(
    "two item offers and a collection offer: one BulkOrder signature for the item offers, the collection offer its own",
    () =>
      Effect.gen(function* () {
        const world = makeWorld()
        world.openSea.addCollection({ contract: NFT })
        world.chain
          .setSymbol(WETH, "WETH")
          .setBalance(WETH, world.wallet.address, parseEther("5"))
          .setAllowance(WETH, world.wallet.address, OPENSEA_CONDUIT, parseEther("5"))
        yield* run(
          world,
          bid({
            bids: [
              { token: `${NFT}:1`, weiPrice: ONE.toString() },
              { collection: NFT, weiPrice: ONE.toString() },
              { token: `${NFT}:2`, weiPrice: ONE.toString() },
            ],
          }),
        )
        expect(signedTypedData(world.wallet).map((typed) => typed.primaryType)).toEqual([
          "BulkOrder",
          "OrderComponents",
        ])
        // The two signature items post concurrently: the orders in a stable order.
        const held = [...world.openSea.orders.values()]
          .map((order) => [order.kind, order.tokenId])
          .sort((a, b) => String(a).localeCompare(String(b)))
        expect(held).toEqual([
          ["collection-offer", undefined],
          ["item-offer", 1n],
          ["item-offer", 2n],
        ])
      }),
  )
})
