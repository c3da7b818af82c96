import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { decodeFunctionData, getAddress, hashStruct, parseEther } from "viem"
import { OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/index.js"
import { ORDER_COMPONENTS_TYPES } from "../../../../src/apis/opensea/seaport/eip712Types.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { bid, cancel, type ExecutionSnapshot, list, resumeExecution } from "../../../../src/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OPENSEA_CONDUIT,
  OPENSEA_FEE,
  OTHER_NFT,
  refusalOf,
  run,
  STRANGER,
  signedTypedData,
  WETH,
  type World,
} from "./hostileKit.js"

/**
 * Issue 27, making and cancelling orders: what the user signs is the order they named, with the fees they can
 * see, in the currency they chose; a cancel covers the order named. Each hostile answer is refused before the
 * wallet; the honest twins complete and sign exactly the expected thing.
 */

const ONE = parseEther("1")
const LISTINGS = "/api/v2/orders/ethereum/seaport/listings"
/** A token approved for the conduit, in a collection with OpenSea's 1 % required fee (or `fees`). */
const listerWorld = (fees = [{ fee: 1, recipient: OPENSEA_FEE, required: true }]) => {
  const world = makeWorld()
  world.openSea.addCollection({ contract: NFT, fees })
  world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
  return world
}

describe("listing on a hostile OpenSea", () => {
  it.effect(
    "honest twin: the wallet signs the listing with the 1 % fee, and the post carries exactly what it signed",
    () =>
      Effect.gen(function* () {
        const world = listerWorld()
        expect(yield* run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }))).toBe(true)
        const [signed, ...more] = signedTypedData(world.wallet)
        expect(more).toEqual([])
        expect(signed!.primaryType).toBe("OrderComponents")
        expect(
          signed!.message.consideration.map((item: any) => [getAddress(item.recipient), BigInt(item.startAmount)]),
        ).toEqual([
          [world.wallet.address, parseEther("0.99")],
          [OPENSEA_FEE, parseEther("0.01")],
        ])
        const posts = world.openSea.api.requestsTo(LISTINGS)
        expect(posts).toHaveLength(1)
        const posted = (posts[0]!.body as any).parameters
        expect([posted.salt, posted.startTime, posted.endTime]).toEqual([
          signed!.message.salt,
          signed!.message.startTime,
          signed!.message.endTime,
        ])
        expect(world.openSea.orders.size).toBe(1)
      }),
  )

  it.effect("(h) a 95 % 'required fee' to a stranger is refused before the signature (fees)", () =>
    Effect.gen(function* () {
      const world = listerWorld([{ fee: 95, recipient: STRANGER, required: true }])
      const error = yield* refusalOf(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }))
      expectRefused(world, error, "fees")
      expect(world.openSea.api.requestsTo(LISTINGS)).toEqual([])
    }),
  )

  it.effect("a fee the user can see: the precheck shows the required fee items, and nothing reaches the wallet", () =>
    Effect.gen(function* () {
      const world = listerWorld()
      const steps = yield* run(
        world,
        list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }], precheck: true }),
      )
      expect(world.wallet.calls).toEqual([])
      const items = (steps as ReadonlyArray<any>).flatMap((step) => step.items ?? [])
      const consideration = items.flatMap((item: any) => item.data?.sign?.value?.consideration ?? [])
      expect(consideration.map((item: any) => [getAddress(item.recipient), BigInt(item.startAmount)])).toContainEqual([
        OPENSEA_FEE,
        parseEther("0.01"),
      ])
    }),
  )

  it.effect(
    "(o) a listing stopped between signing and posting, resumed: the post carries what was signed, no second signature",
    () =>
      Effect.gen(function* () {
        const world = listerWorld()
        const snapshots: Array<ExecutionSnapshot> = []
        // OpenSea throttles the first post (it stores nothing): the execution stops with the listing signed, not posted.
        world.openSea.api.route("POST", LISTINGS, (request, call) =>
          call === 0
            ? { status: 429, headers: { "retry-after": "3600" }, body: { detail: "Request was throttled." } }
            : world.openSea.honestAnswer(request),
        )
        const first = yield* Effect.flip(
          run(
            world,
            list({
              listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }],
              onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)),
            }),
          ),
        )
        expect(first._tag).toBe("OrderPostRefusedError")
        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        expect((stored.journal ?? []).map((entry) => entry._tag)).toEqual(["Signed"])
        // Resumed later: the chain's clock moved on, and OpenSea answers honestly.
        world.chain.setNow(world.chain.state.now + 600n)
        const final = yield* Effect.exit(run(world, resumeExecution(stored)))
        const [signed, ...again] = signedTypedData(world.wallet)
        expect(again).toEqual([])
        const posts = world.openSea.api.requestsTo(LISTINGS)
        expect(posts).toHaveLength(2)
        const posted = (posts[1]!.body as any).parameters
        expect([posted.salt, posted.startTime]).toEqual([signed!.message.salt, signed!.message.startTime])
        expect(final._tag).toBe("Success")
      }),
  )
})

/** A world whose user makes offers: `balance` of WETH, the conduit approved for all of it. */
const bidderWorld = (balance = parseEther("5")) => {
  const world = makeWorld()
  world.openSea.addCollection({ contract: NFT })
  world.chain
    .setSymbol(WETH, "WETH")
    .setBalance(WETH, world.wallet.address, balance)
    .setAllowance(WETH, world.wallet.address, OPENSEA_CONDUIT, balance)
  return world
}
const COLLECTION_OFFERS = "/api/v2/offers"

describe("making offers on a hostile OpenSea", () => {
  it.effect("honest twin: an item offer in WETH is signed for the token named and posted as signed", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      expect(yield* run(world, bid({ bids: [{ token: `${NFT}:5`, weiPrice: ONE.toString() }] }))).toBe(true)
      const [signed, ...more] = signedTypedData(world.wallet)
      expect(more).toEqual([])
      expect(signed!.message.offer.map((item: any) => [getAddress(item.token), BigInt(item.startAmount)])).toEqual([
        [WETH, ONE],
      ])
      expect(
        signed!.message.consideration.map((item: any) => [getAddress(item.token), String(item.identifierOrCriteria)]),
      ).toEqual([[NFT, "5"]])
      expect(world.openSea.orders.size).toBe(1)
      expect(world.wallet.sent).toEqual([])
    }),
  )

  it.effect(
    "honest twin: a collection offer is signed with the collection's criteria item and posted with that signature",
    () =>
      Effect.gen(function* () {
        const world = bidderWorld()
        yield* Effect.exit(run(world, bid({ bids: [{ collection: NFT, weiPrice: ONE.toString() }] })))
        const [signed, ...more] = signedTypedData(world.wallet)
        expect(more).toEqual([])
        const wanted = signed!.message.consideration[0]
        expect([
          Number(wanted.itemType),
          getAddress(wanted.token),
          String(wanted.identifierOrCriteria),
          getAddress(wanted.recipient),
        ]).toEqual([4, NFT, "0", world.wallet.address])
        const [posted] = world.openSea.api.requestsTo(COLLECTION_OFFERS)
        expect((posted!.body as any).protocol_data.signature).toBe(
          world.wallet.calls.find((c) => c.method === "signTypedData")!.signature,
        )
        expect((posted!.body as any).protocol_data.parameters.salt).toBe(signed!.message.salt)
      }),
  )

  it.effect(
    "(i) offers/build answering another contract's NFT as the consideration is refused before the signature",
    () =>
      Effect.gen(function* () {
        const world = bidderWorld()
        const other = world.openSea.addCollection({ contract: OTHER_NFT })
        world.openSea.api.route("POST", "/api/v2/offers/build", {
          body: world.openSea.buildAnswer(other, world.wallet.address, 1n),
        })
        const error = yield* refusalOf(world, bid({ bids: [{ collection: NFT, weiPrice: ONE.toString() }] }))
        expectRefused(world, error, ["offer", "token"])
      }),
  )

  it.effect("(j) offers/build answering no consideration at all is refused before the signature (offer)", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      world.openSea.api.route("POST", "/api/v2/offers/build", () => ({
        body: {
          ...world.openSea.buildAnswer(world.openSea.addCollection({ contract: NFT }), world.wallet.address, 1n),
          partialParameters: { consideration: [], zone: OPENSEA_SIGNED_ZONE },
        },
      }))
      const error = yield* refusalOf(world, bid({ bids: [{ collection: NFT, weiPrice: ONE.toString() }] }))
      // The order to sign asks first for no criteria item on the named contract.
      expectRefused(world, error, ["offer", "token"])
    }),
  )

  it.effect("(j2) offers/build answering a zone other than the signed zone is refused as OpenSea's own build", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      world.openSea.api.route("POST", "/api/v2/offers/build", () => {
        const honest = world.openSea.buildAnswer(
          world.openSea.addCollection({ contract: NFT }),
          world.wallet.address,
          1n,
        )
        const partial = honest.partialParameters as Record<string, unknown>
        return { body: { ...honest, partialParameters: { ...partial, zone: STRANGER } } }
      })
      const error = yield* refusalOf(world, bid({ bids: [{ collection: NFT, weiPrice: ONE.toString() }] }))
      expectRefused(world, error, "zone")
      expect((error as { message: string }).message).toContain(
        "OpenSea built the collection offer outside its signed zone",
      )
    }),
  )

  it.effect("honest twin: the WETH the offer lacks is wrapped with deposit() into the chain's WETH", () =>
    Effect.gen(function* () {
      const world = bidderWorld(0n)
      expect(yield* run(world, bid({ bids: [{ token: `${NFT}:5`, weiPrice: ONE.toString() }] }))).toBe(true)
      const deposit = world.wallet.sent[0]!.request
      expect([deposit.to, deposit.value, deposit.data]).toEqual([WETH, ONE, "0xd0e30db0"])
    }),
  )

  it.effect(
    "(m) an offer currency that calls itself WETH but is not the chain's wrapped token gets no deposit() (wrap)",
    () =>
      Effect.gen(function* () {
        const world = makeWorld()
        const fakeWeth = getAddress("0x00000000000000000000000000000000000e7e01")
        world.openSea.addCollection({ contract: NFT, offerCurrency: fakeWeth })
        world.chain.setSymbol(fakeWeth, "WETH").setAllowance(fakeWeth, world.wallet.address, OPENSEA_CONDUIT, ONE)
        // Named by the app: one only OpenSea names is refused earlier (currency, see hostileCurrency.test.ts).
        const named = { token: `${NFT}:5`, weiPrice: ONE.toString(), currency: fakeWeth }
        const error = yield* refusalOf(world, bid({ bids: [named] }))
        expectRefused(world, error, "wrap")
      }),
  )
})

describe("cancelling on a hostile OpenSea", () => {
  /** The user's own signed-zone offer (cancelled off chain) and zone-less listing (cancelled on chain), and a second of each. */
  const makerWorld = () =>
    Effect.gen(function* () {
      const world = makeWorld()
      const maker = world.wallet.account
      const offer = yield* Effect.promise(() =>
        world.openSea.addOffer({ maker, contract: NFT, tokenId: 5n, price: ONE }),
      )
      const otherOffer = yield* Effect.promise(() =>
        world.openSea.addOffer({ maker, contract: NFT, tokenId: 6n, price: ONE }),
      )
      const listing = yield* Effect.promise(() =>
        world.openSea.addListing({ maker, contract: NFT, tokenId: 1n, price: ONE }),
      )
      const otherListing = yield* Effect.promise(() =>
        world.openSea.addListing({ maker, contract: NFT, tokenId: 2n, price: ONE }),
      )
      return { world, offer, otherOffer, listing, otherListing }
    })
  const orderRoute = (world: World, hash: string) =>
    `/api/v2/orders/chain/ethereum/protocol/${world.openSea.seaport}/${hash}`

  it.effect("honest twin, off chain: the wallet signs OrderHash of the named offer, and OpenSea cancels it", () =>
    Effect.gen(function* () {
      const { world, offer } = yield* makerWorld()
      expect(yield* run(world, cancel({ orderIds: [offer.hash] }))).toBe(true)
      expect(signedTypedData(world.wallet).map((signed) => [signed.primaryType, signed.message.orderHash])).toEqual([
        ["OrderHash", offer.hash],
      ])
      expect(offer.cancelled).toBe(true)
    }),
  )

  it.effect("honest twin, on chain: Seaport.cancel covers exactly the named listing", () =>
    Effect.gen(function* () {
      const { world, listing } = yield* makerWorld()
      expect(yield* run(world, cancel({ orderIds: [listing.hash] }))).toBe(true)
      expect(world.wallet.sent).toHaveLength(1)
      const call = decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })
      expect(call.functionName).toBe("cancel")
      const hashes = (call.args[0] as ReadonlyArray<Record<string, unknown>>).map((components) =>
        hashStruct({ data: components, primaryType: "OrderComponents", types: ORDER_COMPONENTS_TYPES }),
      )
      expect(hashes).toEqual([listing.hash])
    }),
  )

  it.effect(
    "(k) the order route answering another order: no signature over it, no success while the named offer stays live",
    () =>
      Effect.gen(function* () {
        const { world, offer, otherOffer } = yield* makerWorld()
        world.openSea.api.route("GET", orderRoute(world, offer.hash), {
          body: { order: world.openSea.orderJson(otherOffer) },
        })
        const error = yield* refusalOf(world, cancel({ orderIds: [offer.hash] }))
        // The order OpenSea answers is not the named one: refused before any cancel is built.
        expectRefused(world, error, ["cancel", "order"])
        expect([offer.cancelled, otherOffer.cancelled]).toEqual([false, false])
      }),
  )

  it.effect(
    "(l) the order route answering the named hash with another order's parameters: no Seaport.cancel of the other",
    () =>
      Effect.gen(function* () {
        const { world, listing, otherListing } = yield* makerWorld()
        world.openSea.api.route("GET", orderRoute(world, listing.hash), {
          body: { order: { ...world.openSea.orderJson(otherListing), order_hash: listing.hash } },
        })
        const error = yield* refusalOf(world, cancel({ orderIds: [listing.hash] }))
        expectRefused(world, error, ["cancel", "order"])
      }),
  )
})
