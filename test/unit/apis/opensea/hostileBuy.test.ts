import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { decodeFunctionData, parseEther, zeroAddress } from "viem"
import { OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/index.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { buy, type ExecutionSnapshot, resumeExecution } from "../../../../src/index.js"
import type { FakeOrder } from "../../../../src/testing/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OTHER_MAKER,
  refusalOf,
  run,
  SELLER,
  STRANGER,
  type World,
  walletLog,
} from "./hostileKit.js"

/**
 * Issue 27, buying: OpenSea's fulfilment answer is input, never authority. Each hostile answer is refused before
 * the wallet (an OrderCheckError naming the rule); the honest twin completes with exactly the named order.
 */

const ONE = parseEther("1")
const honest = () => makeWorld({ transfers: (to) => [{ contract: NFT, from: SELLER.address, to, tokenId: 1n }] })
const listed = (world: World) =>
  Effect.promise(() => world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: ONE }))

/** OpenSea answers the listing's fulfilment with `tamper` of the honest answer. */
const fulfilWith = (world: World, order: FakeOrder, tamper: (answer: any) => unknown, form?: "basic" | "advanced") =>
  world.openSea.api.route("POST", "/api/v2/listings/fulfillment_data", () => ({
    body: tamper(structuredClone(world.openSea.fulfillmentAnswer(order, { fulfiller: world.wallet.address, form }))),
  }))

const buyListing = (order: FakeOrder) =>
  buy({ items: [{ orderId: order.hash }], expectedPrice: { [zeroAddress]: { raw: ONE } } })

describe("buying on a hostile OpenSea", () => {
  it.effect("honest twin: the named 1 ETH listing is filled, the wallet sends exactly its fulfilment to Seaport", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      expect(yield* run(world, buyListing(listing))).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      const sent = world.wallet.sent[0]!.request
      expect(sent.to.toLowerCase()).toBe(world.openSea.seaport.toLowerCase())
      expect(sent.value).toBe(ONE)
      const call = decodeFunctionData({ abi: seaportAbi, data: sent.data! })
      expect(call.functionName).toBe("fulfillBasicOrder_efficient_6GL6yc")
      expect((call.args[0] as { signature: string }).signature).toBe(listing.signature)
      expect(world.wallet.calls.filter((c) => c.method === "signTypedData")).toEqual([])
    }),
  )

  it.effect("honest twin, advanced form: fulfillAdvancedOrder to the buyer is filled as answered", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      fulfilWith(world, listing, (answer) => answer, "advanced")
      expect(yield* run(world, buyListing(listing))).toBe(true)
      const call = decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })
      expect(call.functionName).toBe("fulfillAdvancedOrder")
      expect(call.args[3]).toBe(world.wallet.address)
    }),
  )

  it.effect("(a) a fulfilment asking 10 ETH value for a 1 ETH listing is refused (value)", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      fulfilWith(world, listing, (answer) => {
        answer.fulfillment_data.transaction.value = parseEther("10").toString()
        return answer
      })
      expectRefused(world, yield* refusalOf(world, buyListing(listing)), "value")
    }),
  )

  it.effect("(b) a fulfilment whose `to` is not Seaport is refused (target)", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      fulfilWith(world, listing, (answer) => {
        answer.fulfillment_data.transaction.to = STRANGER
        return answer
      })
      expectRefused(world, yield* refusalOf(world, buyListing(listing)), "target")
    }),
  )

  it.effect(
    "(c) a fulfilment delivering the NFT to a stranger (fulfillAdvancedOrder recipient) is refused (recipient)",
    () =>
      Effect.gen(function* () {
        const world = honest()
        const listing = yield* listed(world)
        fulfilWith(
          world,
          listing,
          (answer) => {
            answer.fulfillment_data.transaction.input_data.recipient = STRANGER
            return answer
          },
          "advanced",
        )
        expectRefused(world, yield* refusalOf(world, buyListing(listing)), "recipient")
      }),
  )

  it.effect("(d2) the order route answering the named hash with another listing's parameters is refused (order)", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      const other = yield* Effect.promise(() =>
        world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 2n, price: ONE / 2n }),
      )
      world.openSea.api.route(
        "GET",
        `/api/v2/orders/chain/ethereum/protocol/${world.openSea.seaport}/${listing.hash}`,
        {
          body: { order: { ...world.openSea.orderJson(other), order_hash: listing.hash } },
        },
      )
      expectRefused(world, yield* refusalOf(world, buyListing(listing)), "order")
    }),
  )

  it.effect(
    "(d3) a listing that no longer hashes to its name at the offerer's counter on chain is refused (order)",
    () =>
      Effect.gen(function* () {
        const world = honest()
        const listing = yield* listed(world)
        world.chain.setCounter(world.openSea.seaport, SELLER.address, 1n)
        expectRefused(world, yield* refusalOf(world, buyListing(listing)), "order")
      }),
  )

  it.effect("(d) a fulfilment of another listing (its own real parameters and signature) is refused (order)", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      const other = yield* Effect.promise(() =>
        world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 2n, price: ONE }),
      )
      world.openSea.api.route("POST", "/api/v2/listings/fulfillment_data", () => ({
        body: world.openSea.fulfillmentAnswer(other, { fulfiller: world.wallet.address }),
      }))
      expectRefused(world, yield* refusalOf(world, buyListing(listing)), "order")
    }),
  )

  it.effect("(e) a 10 ETH listing stated in 24 decimals does not pass an expected price of 1 ETH: nothing sent", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* Effect.promise(() =>
        world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: parseEther("10"), decimals: 24 }),
      )
      const error = yield* refusalOf(world, buyListing(listing))
      expect(world.wallet.calls).toEqual([])
      expect(["PriceMismatchError", "OrderCheckError"]).toContain(error._tag)
    }),
  )

  /**
   * Runs a buy of `listing` until the wallet's send prompt is open, stops it there (the user confirms the prompt
   * anyway: the first transaction lands), and resumes from the last snapshot while OpenSea answers honestly, with
   * a fresh fulfilment answer. Returns the resume's exit and the `extraData` of every fulfilment answer.
   */
  const interruptedThenResumed = (world: World, listing: FakeOrder) =>
    Effect.gen(function* () {
      const extraData: Array<string> = []
      world.openSea.api.route("POST", "/api/v2/listings/fulfillment_data", (request) =>
        Effect.tap(world.openSea.honestAnswer(request), (answer) =>
          Effect.sync(() => {
            const input = (answer.body as any).fulfillment_data.transaction.input_data
            extraData.push(input.advancedOrder?.extraData ?? "basic")
          }),
        ),
      )
      world.wallet.behaviour.sendDelay = "10 seconds"
      world.wallet.behaviour.confirmAbandonedSends = true
      const snapshots: Array<ExecutionSnapshot> = []
      const fiber = yield* Effect.forkChild(
        run(
          world,
          buy({
            items: [{ orderId: listing.hash }],
            expectedPrice: { [zeroAddress]: { raw: ONE } },
            onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)),
          }),
        ),
      )
      yield* TestClock.adjust("1 second")
      yield* Fiber.interrupt(fiber)
      const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
      expect((stored.journal ?? []).map((entry) => entry._tag)).toContain("SendRequested")
      expect(world.wallet.sent).toHaveLength(1)
      world.wallet.behaviour.sendDelay = 0
      const exit = yield* Effect.exit(run(world, resumeExecution(stored)))
      return { exit, extraData }
    })

  it.effect("honest twin of (n): a stopped buy of a zone-less listing, resumed, sends nothing more", () =>
    Effect.gen(function* () {
      const world = honest()
      const listing = yield* listed(world)
      const { exit } = yield* interruptedThenResumed(world, listing)
      expect(world.wallet.sent).toHaveLength(1)
      expect(exit._tag).toBe("Success")
    }),
  )

  it.effect(
    "(n) a stopped buy resumed while the fulfilment carries new signed-zone extraData: no second send prompt",
    () =>
      Effect.gen(function* () {
        const world = honest()
        const listing = yield* Effect.promise(() =>
          world.openSea.addListing({
            maker: SELLER,
            contract: NFT,
            tokenId: 1n,
            price: ONE,
            zone: OPENSEA_SIGNED_ZONE,
            orderType: 2,
          }),
        )
        const { exit, extraData } = yield* interruptedThenResumed(world, listing)
        expect(new Set(extraData).size).toBe(extraData.length)
        expect(world.wallet.sent, walletLog(world.wallet)).toHaveLength(1)
        if (exit._tag === "Failure") expect(String(exit.cause)).toContain("SendOutcomeUnknownError")
      }),
  )

  it.effect("a buy by token resumed after its best listing moved is not sent while the first prompt may be open", () =>
    Effect.gen(function* () {
      const world = honest()
      const cheap = yield* listed(world)
      yield* Effect.promise(() =>
        world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 1n, price: 2n * ONE }),
      )
      world.wallet.behaviour.sendDelay = "10 seconds"
      const snapshots: Array<ExecutionSnapshot> = []
      const fiber = yield* Effect.forkChild(
        run(
          world,
          buy({
            items: [{ token: `${NFT}:1` }],
            expectedPrice: { [zeroAddress]: { raw: 2n * ONE } },
            onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)),
          }),
        ),
      )
      yield* TestClock.adjust("1 second")
      yield* Fiber.interrupt(fiber)
      const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
      expect((stored.journal ?? []).map((entry) => entry._tag)).toEqual(["SendRequested"])
      // The cheaper listing goes (sold elsewhere, or to the open prompt): the token's best listing is now another.
      ;(cheap as { cancelled: boolean }).cancelled = true
      world.wallet.behaviour.sendDelay = 0
      const error = yield* Effect.flip(run(world, resumeExecution(stored)))
      expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError" })
      expect(world.wallet.sent, walletLog(world.wallet)).toHaveLength(0)
    }),
  )

  it.effect(
    "a buy by token resumed after its best listing moved is sent when Seaport says the first listing is filled",
    () =>
      Effect.gen(function* () {
        const world = honest()
        const cheap = yield* listed(world)
        yield* Effect.promise(() =>
          world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 1n, price: 2n * ONE }),
        )
        const stored = yield* stoppedBuyByToken(world)
        ;(cheap as { cancelled: boolean }).cancelled = true
        // The chain's word: the first listing is wholly filled, so its open prompt can fill nothing any more.
        world.chain.setOrderStatus(world.openSea.seaport, cheap.hash, {
          isCancelled: false,
          totalFilled: 1n,
          totalSize: 1n,
        })
        world.wallet.behaviour.sendDelay = 0
        expect((yield* run(world, resumeExecution(stored))).status).toBe("complete")
        expect(world.wallet.sent, walletLog(world.wallet)).toHaveLength(1)
        expect(world.chain.reads).toContain(
          `orderStatusOf:${world.openSea.seaport.toLowerCase()}:${cheap.hash.toLowerCase()}`,
        )
        // The fill sent is the dearer listing's, the token's best now: its price is the value paid.
        expect(world.wallet.sent[0]!.request.value).toBe(2n * ONE)
      }),
  )

  it.effect(
    "a buy by token resumed after its best listing moved stays unsettled when Seaport says it is only part filled",
    () =>
      Effect.gen(function* () {
        const world = honest()
        const cheap = yield* listed(world)
        yield* Effect.promise(() =>
          world.openSea.addListing({ maker: OTHER_MAKER, contract: NFT, tokenId: 1n, price: 2n * ONE }),
        )
        const stored = yield* stoppedBuyByToken(world)
        ;(cheap as { cancelled: boolean }).cancelled = true
        world.chain.setOrderStatus(world.openSea.seaport, cheap.hash, {
          isCancelled: false,
          totalFilled: 1n,
          totalSize: 2n,
        })
        world.wallet.behaviour.sendDelay = 0
        const error = yield* Effect.flip(run(world, resumeExecution(stored)))
        expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError" })
        expect(world.wallet.sent, walletLog(world.wallet)).toHaveLength(0)
      }),
  )
})

/** A buy by token of NFT 1, stopped while its wallet prompt is open: the snapshot it left, as stored. */
const stoppedBuyByToken = (world: World) =>
  Effect.gen(function* () {
    world.wallet.behaviour.sendDelay = "10 seconds"
    const snapshots: Array<ExecutionSnapshot> = []
    const fiber = yield* Effect.forkChild(
      run(
        world,
        buy({
          items: [{ token: `${NFT}:1` }],
          expectedPrice: { [zeroAddress]: { raw: 2n * ONE } },
          onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)),
        }),
      ),
    )
    yield* TestClock.adjust("1 second")
    yield* Fiber.interrupt(fiber)
    const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
    expect((stored.journal ?? []).map((entry) => entry._tag)).toEqual(["SendRequested"])
    return stored
  })
