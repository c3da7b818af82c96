import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseEther,
  zeroAddress,
} from "viem"
import { OPENSEA_CONDUIT_KEY, OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/index.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { buy, type ExecutionSnapshot, resumeExecution } from "../../../../src/index.js"
import type { ExecuteResponse } from "../../../../src/schema/ExecuteResponse.js"
import { type FakeOrder, transferReceipt } from "../../../../src/testing/index.js"
import { expectRefused, makeWorld, NFT, OTHER_MAKER, refusalOf, run, SELLER, type World } from "./hostileKit.js"

/**
 * Issue 29 item 2: several OpenSea listings are bought in ONE Seaport `fulfillAvailableAdvancedOrders` built by
 * tradekit from the orders OpenSea's fulfilment answers carry, checked as one purchase is; a listing gone at plan
 * time is left out and reported, one skipped on chain is reported from the receipt.
 */

const PRICES = [parseEther("1"), parseEther("2"), parseEther("3")]
const TOTAL = PRICES.reduce((sum, price) => sum + price, 0n)

const orderFulfilled = parseAbi([
  "event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)",
])

/**
 * A world whose every mined transaction logs `OrderFulfilled` for the orders `filled()` names, each logged by
 * Seaport unless `loggedBy` names another contract for it.
 */
const sweepWorld = (filled: () => ReadonlyArray<FakeOrder>, loggedBy?: (order: FakeOrder) => Address | undefined) => {
  const world = makeWorld()
  world.chain.setReceiptOf((hash: Hex) => {
    const orders = filled()
    const receipt = transferReceipt(
      hash,
      orders.map((order) => ({
        contract: NFT,
        from: SELLER.address,
        to: world.wallet.address,
        tokenId: order.tokenId!,
      })),
      world.wallet.address,
    )
    const logs = orders.map((order, index) => ({
      ...receipt.logs[0]!,
      logIndex: 100 + index,
      address: loggedBy?.(order) ?? world.openSea.seaport,
      topics: encodeEventTopics({
        abi: orderFulfilled,
        eventName: "OrderFulfilled",
        args: { offerer: SELLER.address, zone: zeroAddress },
      }) as [Hex, ...Hex[]],
      data: encodeAbiParameters(
        [
          { type: "bytes32" },
          { type: "address" },
          { type: "tuple[]", components: [] },
          { type: "tuple[]", components: [] },
        ] as never,
        [order.hash, world.wallet.address, [], []] as never,
      ),
    }))
    return { ...receipt, logs: [...receipt.logs, ...logs] }
  })
  return world
}

const listThree = (world: World) =>
  Effect.promise(() =>
    Promise.all(
      PRICES.map((price, index) =>
        world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: BigInt(index + 1), price }),
      ),
    ),
  )

const sweep = (
  listings: ReadonlyArray<FakeOrder>,
  expected = TOTAL,
  onProgress?: (snapshot: ExecutionSnapshot) => void,
) =>
  buy({
    items: listings.map((listing) => ({ orderId: listing.hash })),
    expectedPrice: { [zeroAddress]: { raw: expected } },
    ...(onProgress !== undefined
      ? { onProgress: (snapshot: ExecutionSnapshot) => Effect.sync(() => onProgress(snapshot)) }
      : {}),
  })

const fulfilmentRequests = (world: World) =>
  world.openSea.api.requests.filter((request) => request.path.endsWith("/fulfillment_data"))

describe("a sweep of OpenSea listings", () => {
  it.effect("is ONE fulfillAvailableAdvancedOrders of exactly the named orders, paying their total in value", () =>
    Effect.gen(function* () {
      let listings: ReadonlyArray<FakeOrder> = []
      const world = sweepWorld(() => listings)
      listings = yield* listThree(world)
      expect(yield* run(world, sweep(listings))).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      expect(fulfilmentRequests(world)).toHaveLength(3)
      const sent = world.wallet.sent[0]!.request
      expect(sent.to.toLowerCase()).toBe(world.openSea.seaport.toLowerCase())
      expect(sent.value).toBe(TOTAL)
      const call = decodeFunctionData({ abi: seaportAbi, data: sent.data! })
      expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
      const [orders, resolvers, offers, considerations, conduitKey, recipient, maximum] = call.args as unknown as [
        ReadonlyArray<{
          signature: Hex
          numerator: bigint
          denominator: bigint
          parameters: { consideration: ReadonlyArray<unknown> }
        }>,
        ReadonlyArray<unknown>,
        ReadonlyArray<ReadonlyArray<{ orderIndex: bigint; itemIndex: bigint }>>,
        ReadonlyArray<ReadonlyArray<{ orderIndex: bigint; itemIndex: bigint }>>,
        Hex,
        Hex,
        bigint,
      ]
      expect(orders.map((order) => order.signature)).toEqual(listings.map((listing) => listing.signature))
      expect(orders.every((order) => order.numerator === 1n && order.denominator === 1n)).toBe(true)
      expect(resolvers).toEqual([])
      expect(offers).toEqual([0n, 1n, 2n].map((orderIndex) => [{ orderIndex, itemIndex: 0n }]))
      expect(considerations).toEqual(
        orders.flatMap((order, orderIndex) =>
          order.parameters.consideration.map((_, itemIndex) => [
            { orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) },
          ]),
        ),
      )
      expect(conduitKey.toLowerCase()).toBe(OPENSEA_CONDUIT_KEY.toLowerCase())
      expect(recipient.toLowerCase()).toBe(world.wallet.address.toLowerCase())
      expect(maximum).toBe(3n)
    }),
  )

  it.effect("a listing gone at plan time is left out and reported in errors before anything is sent", () =>
    Effect.gen(function* () {
      let listings: ReadonlyArray<FakeOrder> = []
      const world = sweepWorld(() => listings.slice(0, 2))
      listings = yield* listThree(world)
      ;(listings[2] as { cancelled: boolean }).cancelled = true
      const answer = (yield* run(
        world,
        buy({ items: listings.map((l) => ({ orderId: l.hash })), precheck: true }),
      )) as ExecuteResponse
      expect(world.wallet.sent).toHaveLength(0)
      expect(answer.errors).toEqual([expect.objectContaining({ orderId: listings[2]!.hash })])
      const item = answer.steps.at(-1)!.items![0]!
      expect(item.orderIds).toEqual([listings[0]!.hash, listings[1]!.hash].sort())
      const call = decodeFunctionData({ abi: seaportAbi, data: (item.data as { data: Hex }).data })
      expect((call.args[0] as ReadonlyArray<unknown>).length).toBe(2)
    }),
  )

  it.effect("a listing Seaport skipped (sold in between) is reported from the receipt; the rest is bought", () =>
    Effect.gen(function* () {
      let listings: ReadonlyArray<FakeOrder> = []
      const world = sweepWorld(() => listings.slice(0, 2))
      listings = yield* listThree(world)
      const snapshots: Array<ExecutionSnapshot> = []
      expect(
        yield* run(
          world,
          sweep(listings, TOTAL, (snapshot) => snapshots.push(snapshot)),
        ),
      ).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      expect(snapshots[0]?.errors).toBeUndefined()
      expect(snapshots.at(-1)).toMatchObject({
        status: "complete",
        errors: [expect.objectContaining({ orderId: listings[2]!.hash })],
      })
    }),
  )

  it.effect(
    "in a sweep of two, a fill logged by a contract other than Seaport is no fill: the skipped one is reported",
    () =>
      Effect.gen(function* () {
        let listings: ReadonlyArray<FakeOrder> = []
        // Seaport logs the first fill; a token contract (anyone may emit the event) logs one for the second.
        const world = sweepWorld(
          () => listings,
          (order) => (order === listings[1] ? NFT : undefined),
        )
        listings = (yield* listThree(world)).slice(0, 2)
        const snapshots: Array<ExecutionSnapshot> = []
        const paid = PRICES[0]! + PRICES[1]!
        expect(
          yield* run(
            world,
            sweep(listings, paid, (snapshot) => snapshots.push(snapshot)),
          ),
        ).toBe(true)
        expect(world.wallet.sent).toHaveLength(1)
        expect(snapshots.at(-1)?.errors).toEqual([expect.objectContaining({ orderId: listings[1]!.hash })])
      }),
  )

  it.effect("a sweep whose one answer carries another order is refused: nothing sent", () =>
    Effect.gen(function* () {
      const world = sweepWorld(() => [])
      const listings = yield* listThree(world)
      const stranger = yield* Effect.promise(() =>
        world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 2n, price: PRICES[1]! }),
      )
      world.openSea.api.route("POST", "/api/v2/listings/fulfillment_data", (request) => {
        const hash = (request.body as { listing: { hash: string } }).listing.hash
        const order = hash === listings[1]!.hash ? stranger : listings.find((listing) => listing.hash === hash)!
        return { body: world.openSea.fulfillmentAnswer(order, { fulfiller: world.wallet.address }) }
      })
      expectRefused(world, yield* refusalOf(world, sweep(listings)), "order")
    }),
  )

  it.effect(
    "appends the answers' calldata_suffix (attribution) when every order's is the same; none when they differ",
    () =>
      Effect.gen(function* () {
        for (const [suffixes, tail] of [
          [["0x72db8c0b", "0x72db8c0b", "0x72db8c0b"], "72db8c0b"],
          [["0x72db8c0b", "0x11111111", "0x72db8c0b"], ""],
        ] as const) {
          let listings: ReadonlyArray<FakeOrder> = []
          const world = sweepWorld(() => listings)
          listings = yield* listThree(world)
          world.openSea.api.route("POST", "/api/v2/listings/fulfillment_data", (request) => {
            const hash = (request.body as { listing: { hash: string } }).listing.hash
            const index = listings.findIndex((listing) => listing.hash === hash)
            const answer = world.openSea.fulfillmentAnswer(listings[index]!, { fulfiller: world.wallet.address }) as any
            const transaction = { ...answer.fulfillment_data.transaction, calldata_suffix: suffixes[index] }
            return { body: { ...answer, fulfillment_data: { ...answer.fulfillment_data, transaction } } }
          })
          expect(yield* run(world, sweep(listings))).toBe(true)
          const data = world.wallet.sent[0]!.request.data!
          const call = decodeFunctionData({ abi: seaportAbi, data })
          expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
          // What follows the ABI-encoded call is exactly the shared suffix, or nothing.
          const bare = (yield* Effect.sync(() =>
            encodeFunctionData({ abi: seaportAbi, functionName: call.functionName, args: call.args } as never),
          )) as Hex
          expect(data.slice(bare.length)).toBe(tail)
        }
      }),
  )

  it.effect("a total above the expected price is refused by the price check: nothing sent", () =>
    Effect.gen(function* () {
      const world = sweepWorld(() => [])
      const listings = yield* listThree(world)
      const error = yield* refusalOf(world, sweep(listings, TOTAL - parseEther("1")))
      expect(world.wallet.calls).toEqual([])
      expect(error).toMatchObject({ _tag: "PriceMismatchError" })
    }),
  )

  it.effect(
    "a stopped sweep of signed-zone listings, resumed with fresh zone extraData, is the same item: no second send",
    () =>
      Effect.gen(function* () {
        let listings: ReadonlyArray<FakeOrder> = []
        const world = sweepWorld(() => listings)
        listings = yield* Effect.promise(() =>
          Promise.all(
            PRICES.map((price, index) =>
              world.openSea.addListing({
                maker: SELLER,
                contract: NFT,
                tokenId: BigInt(index + 1),
                price,
                zone: OPENSEA_SIGNED_ZONE,
                orderType: 2,
              }),
            ),
          ),
        )
        world.wallet.behaviour.sendDelay = "10 seconds"
        world.wallet.behaviour.confirmAbandonedSends = true
        const snapshots: Array<ExecutionSnapshot> = []
        const fiber = yield* Effect.forkChild(
          run(
            world,
            sweep(listings, TOTAL, (snapshot) => snapshots.push(snapshot)),
          ),
        )
        yield* TestClock.adjust("1 second")
        yield* Fiber.interrupt(fiber)
        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        expect((stored.journal ?? []).map((entry) => entry._tag)).toContain("SendRequested")
        expect(world.wallet.sent).toHaveLength(1)
        world.wallet.behaviour.sendDelay = 0
        const exit = yield* Effect.exit(run(world, resumeExecution(stored)))
        expect(fulfilmentRequests(world)).toHaveLength(6)
        expect(world.wallet.sent).toHaveLength(1)
        if (exit._tag === "Failure") expect(String(exit.cause)).toContain("SendOutcomeUnknownError")
      }),
  )

  it.effect(
    "a sweep reshaped on resume (a listing sold meanwhile) is not sent while the first one's prompt may be open",
    () =>
      Effect.gen(function* () {
        let listings: ReadonlyArray<FakeOrder> = []
        const world = sweepWorld(() => listings)
        listings = yield* listThree(world)
        world.wallet.behaviour.sendDelay = "10 seconds"
        const snapshots: Array<ExecutionSnapshot> = []
        const fiber = yield* Effect.forkChild(
          run(
            world,
            sweep(listings, TOTAL, (snapshot) => snapshots.push(snapshot)),
          ),
        )
        yield* TestClock.adjust("1 second")
        yield* Fiber.interrupt(fiber)
        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        expect((stored.journal ?? []).map((entry) => entry._tag)).toContain("SendRequested")
        expect((stored.journal ?? []).map((entry) => entry._tag)).not.toContain("Sent")
        // The prompt stays open in the wallet: nothing is on chain yet, and it may still be confirmed.
        expect(world.wallet.sent).toHaveLength(0)
        // Someone else buys the first listing: the new plan sweeps the other two, another transaction.
        ;(listings[0] as { cancelled: boolean }).cancelled = true
        world.wallet.behaviour.sendDelay = 0
        const error = yield* Effect.flip(run(world, resumeExecution(stored)))
        expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError" })
        expect(world.wallet.sent).toHaveLength(0)
      }),
  )

  it.effect("a listing named twice is refused before the wallet", () =>
    Effect.gen(function* () {
      const world = sweepWorld(() => [])
      const listings = yield* listThree(world)
      const error = yield* refusalOf(world, sweep([listings[0]!, listings[1]!, listings[0]!]))
      expect(world.wallet.calls).toEqual([])
      expect(error).toMatchObject({ _tag: "APIError", statusCode: 400 })
      expect((error as { message: string }).message).toContain("more than once")
    }),
  )
})
