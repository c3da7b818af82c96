import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { decodeFunctionData, getAddress, type Hex, parseEther, zeroHash } from "viem"
import { criteriaProof, criteriaRoot } from "../../../../devnet/opensea/criteria.js"
import { OPENSEA_CONDUIT_KEY, OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/index.js"
import { ItemType } from "../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"
import { bid, sell } from "../../../../src/index.js"
import type { FakeOrder } from "../../../../src/testing/index.js"
import {
  expectRefused,
  makeWorld,
  NFT,
  OPENSEA_CONDUIT,
  OTHER_MAKER,
  refusalOf,
  run,
  signedTypedData,
  WETH,
  type World,
} from "./hostileKit.js"

/**
 * Issue 29 item 3, trait offers: a bid with `attributeKey` / `attributeValue` is an OpenSea criteria offer whose root
 * is exactly the tokens with the trait, and a sale into one sells only a token with the trait, with a proof of that
 * token against the offer's root. OpenSea's trait data: tokens 3 and 7 have Hat Red, token 8 has Hat Blue.
 */

const ONE = parseEther("1")
const RED = { type: "Hat", value: "Red" }
const WITH_RED = [3n, 7n]
const traitsOf = (id: bigint) => [{ trait_type: "Hat", value: WITH_RED.includes(id) ? "Red" : "Blue" }]
const SLUG = "fake-nfts"
const NFTS = /^\/api\/v2\/collection\/[^/]+\/nfts$/
const BUILD = "/api/v2/offers/build"

/** OpenSea's trait data in the fake: the collection's NFT list filtered by trait, and each token's traits. */
const withTraits = (world: World) => {
  world.openSea.addCollection({ contract: NFT, slug: SLUG })
  world.openSea.api.route("GET", NFTS, (request) => {
    const [filter] = JSON.parse(request.query.traits?.[0] ?? "[]") as ReadonlyArray<{
      traitType: string
      value: string
    }>
    const ids = [3n, 7n, 8n].filter((id) =>
      traitsOf(id).some((t) => t.trait_type === filter?.traitType && t.value === filter?.value),
    )
    return { body: { nfts: ids.map((id) => ({ identifier: id.toString(), contract: NFT, collection: SLUG })) } }
  })
  world.openSea.api.route("GET", /^\/api\/v2\/chain\/[^/]+\/contract\/[^/]+\/nfts\/\d+$/, (request) => {
    const id = BigInt(request.path.split("/").pop()!)
    return { body: { nft: { identifier: id.toString(), contract: NFT, collection: SLUG, traits: traitsOf(id) } } }
  })
  return world
}

/** `offers/build` answering a criteria offer with criteria `root`, echoing `criteria` beside the collection. */
const buildWith = (world: World, root: bigint, criteria: Record<string, unknown>) =>
  world.openSea.api.route("POST", BUILD, () => {
    const honest = world.openSea.buildAnswer(
      world.openSea.addCollection({ contract: NFT, slug: SLUG }),
      world.wallet.address,
      1n,
    ) as any
    honest.partialParameters.consideration[0].identifierOrCriteria = root.toString()
    return { body: { ...honest, criteria: { collection: { slug: SLUG }, ...criteria } } }
  })

/** `offers/build` answering a trait offer over `ids` (root 0 when none), echoing `traits`. */
const buildOver = (world: World, ids: ReadonlyArray<bigint>, traits: ReadonlyArray<unknown> = [RED]) =>
  buildWith(world, ids.length === 0 ? 0n : criteriaRoot(ids), { traits })

const bidderWorld = () => {
  const world = withTraits(makeWorld())
  world.chain
    .setSymbol(WETH, "WETH")
    .setBalance(WETH, world.wallet.address, ONE)
    .setAllowance(WETH, world.wallet.address, OPENSEA_CONDUIT, ONE)
  return world
}
const traitBid = bid({
  bids: [{ collection: NFT, attributeKey: "Hat", attributeValue: "Red", weiPrice: ONE.toString() }],
})

const LEVEL = { type: "Level", min: 3, max: 4 }
const numericBid = bid({ bids: [{ collection: NFT, numericTraits: [LEVEL], weiPrice: ONE.toString() }] })

/** `offers/build` answering a numeric-trait offer with criteria `root`, echoing `numeric` as `numeric_traits`. */
const buildNumeric = (world: World, root: bigint, numeric: ReadonlyArray<unknown>) =>
  buildWith(world, root, { numeric_traits: numeric })

describe("a numeric-trait offer (bid with numericTraits)", () => {
  it.effect("honest twin: root 0 echoing the range: restricted, in the signed zone, asked and posted with it", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      buildNumeric(world, 0n, [LEVEL])
      yield* Effect.exit(run(world, numericBid))
      const [signed] = signedTypedData(world.wallet)
      expect(BigInt(signed!.message.consideration[0].identifierOrCriteria)).toBe(0n)
      expect(getAddress(signed!.message.zone)).toBe(getAddress(OPENSEA_SIGNED_ZONE))
      expect([2, 3]).toContain(Number(signed!.message.orderType))
      const [built] = world.openSea.api.requestsTo(BUILD)
      expect((built!.body as any).criteria).toEqual({ collection: { slug: SLUG }, numericTraits: [LEVEL] })
      const [posted] = world.openSea.api.requestsTo("/api/v2/offers")
      expect((posted!.body as any).criteria).toEqual({ collection: { slug: SLUG }, numericTraits: [LEVEL] })
    }),
  )

  it.effect("(h) a criteria root, a widened range or no range echoed is refused before the signature", () =>
    Effect.gen(function* () {
      const answers: ReadonlyArray<readonly [bigint, ReadonlyArray<unknown>]> = [
        [criteriaRoot([3n, 7n]), [LEVEL]],
        [0n, [{ ...LEVEL, max: 100 }]],
        [0n, []],
      ]
      for (const [root, echoed] of answers) {
        const world = bidderWorld()
        buildNumeric(world, root, echoed)
        expectRefused(world, yield* refusalOf(world, numericBid), "criteria")
      }
    }),
  )

  it.effect("a range with no bound, or numeric traits on a one-token offer, is refused before OpenSea is asked", () =>
    Effect.gen(function* () {
      for (const request of [
        bid({ bids: [{ collection: NFT, numericTraits: [{ type: "Level" }], weiPrice: ONE.toString() }] }),
        bid({ bids: [{ token: `${NFT}:3`, numericTraits: [LEVEL], weiPrice: ONE.toString() }] }),
      ]) {
        const world = bidderWorld()
        const error = yield* refusalOf(world, request)
        expect(error).toMatchObject({ _tag: "APIError" })
        expect(world.openSea.api.requestsTo(BUILD)).toEqual([])
        expect(world.wallet.calls).toEqual([])
      }
    }),
  )
})

describe("a trait offer (bid with attributeKey / attributeValue)", () => {
  it.effect("honest twin: signed with the root of exactly the tokens with the trait, posted with the trait", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      buildOver(world, WITH_RED)
      yield* Effect.exit(run(world, traitBid))
      const [asked] = world.openSea.api.requestsTo(BUILD)
      // `criteria.traits`, an array as OpenSea's SDK sends it: the single `criteria.trait` is deprecated.
      expect((asked!.body as any).criteria).toEqual({ collection: { slug: SLUG }, traits: [RED] })
      const [signed, ...more] = signedTypedData(world.wallet)
      expect(more).toEqual([])
      const wanted = signed!.message.consideration[0]
      expect([Number(wanted.itemType), getAddress(wanted.token), BigInt(wanted.identifierOrCriteria)]).toEqual([
        4,
        NFT,
        criteriaRoot(WITH_RED),
      ])
      const [posted] = world.openSea.api.requestsTo("/api/v2/offers")
      expect((posted!.body as any).criteria).toEqual({ collection: { slug: SLUG }, traits: [RED] })
    }),
  )

  it.effect("root 0 echoing the trait (a supported collection): restricted, in the signed zone, posted with it", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      buildOver(world, [])
      yield* Effect.exit(run(world, traitBid))
      const [signed, ...more] = signedTypedData(world.wallet)
      expect(more).toEqual([])
      // The trait is then OpenSea's zone's to enforce at fill time, not the root's: the offer must be in that zone.
      expect(BigInt(signed!.message.consideration[0].identifierOrCriteria)).toBe(0n)
      expect(getAddress(signed!.message.zone)).toBe(getAddress(OPENSEA_SIGNED_ZONE))
      expect([2, 3]).toContain(Number(signed!.message.orderType))
      const [posted] = world.openSea.api.requestsTo("/api/v2/offers")
      expect((posted!.body as any).criteria).toEqual({ collection: { slug: SLUG }, traits: [RED] })
    }),
  )

  it.effect(
    "the signature step says who enforces the trait: OpenSea's zone for root 0, Seaport for a merkle root",
    () =>
      Effect.gen(function* () {
        /** The signature step's description as the progress shows it before the wallet is asked. */
        const describedIn = (world: ReturnType<typeof bidderWorld>) =>
          Effect.gen(function* () {
            const seen: Array<string | undefined> = []
            yield* Effect.exit(
              run(
                world,
                bid({
                  bids: [{ collection: NFT, attributeKey: "Hat", attributeValue: "Red", weiPrice: ONE.toString() }],
                  onProgress: (snapshot) =>
                    Effect.sync(() =>
                      seen.push(snapshot.steps.find((step) => step.id === "order-signature")?.description),
                    ),
                }),
              ),
            )
            return seen[0]
          })
        const zoneWorld = bidderWorld()
        buildOver(zoneWorld, [])
        expect(yield* describedIn(zoneWorld)).toBe(
          "A free off-chain signature to make an offer on OpenSea. On chain it takes any token of the collection: " +
            "OpenSea's signed zone enforces the trait (Hat: Red) when it authorises a fill",
        )
        const rootWorld = bidderWorld()
        buildOver(rootWorld, WITH_RED)
        expect(yield* describedIn(rootWorld)).toBe("A free off-chain signature to make an offer on OpenSea")
      }),
  )

  it.effect("(h) root 0 without the asked trait echoed (none, or another) is refused before the signature", () =>
    Effect.gen(function* () {
      for (const echoed of [[], [{ type: "Hat", value: "Blue" }], [RED, { type: "Hat", value: "Blue" }]]) {
        const world = bidderWorld()
        buildOver(world, [], echoed)
        expectRefused(world, yield* refusalOf(world, traitBid), "criteria")
      }
    }),
  )

  it.effect("offers/build answering the root of other tokens (3 and 8) is refused before the signature", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      buildOver(world, [3n, 8n])
      expectRefused(world, yield* refusalOf(world, traitBid), "criteria")
    }),
  )

  it.effect("offers/build answering the root of only some tokens with the trait (3) is refused", () =>
    Effect.gen(function* () {
      const world = bidderWorld()
      buildOver(world, [3n])
      expectRefused(world, yield* refusalOf(world, traitBid), "criteria")
    }),
  )
})

const TEN = parseEther("10")

/** The user owns the token sold and has approved the conduit; OTHER_MAKER's trait offer (Hat Red) is signed for real. */
const traitSale = (sold: bigint) =>
  Effect.gen(function* () {
    const world = withTraits(
      makeWorld({ transfers: (user) => [{ contract: NFT, from: user, to: OTHER_MAKER.address, tokenId: sold }] }),
    )
    world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
    const offer = yield* Effect.promise(() =>
      world.openSea.addSigned(
        OTHER_MAKER,
        {
          offerer: OTHER_MAKER.address,
          zone: OPENSEA_SIGNED_ZONE,
          offer: [
            { itemType: ItemType.ERC20, token: WETH, identifierOrCriteria: 0n, startAmount: TEN, endAmount: TEN },
          ],
          consideration: [
            {
              itemType: ItemType.ERC721_WITH_CRITERIA,
              token: NFT,
              identifierOrCriteria: criteriaRoot(WITH_RED),
              startAmount: 1n,
              endAmount: 1n,
              recipient: OTHER_MAKER.address,
            },
          ],
          orderType: 3,
          startTime: 1_600_000_000n,
          endTime: 1_900_000_000n,
          zoneHash: zeroHash,
          salt: 29n,
          conduitKey: OPENSEA_CONDUIT_KEY,
          counter: 0n,
        },
        { kind: "collection-offer", contract: NFT, tokenId: undefined, price: TEN, currency: WETH },
      ),
    )
    // OpenSea files it as a trait offer: its criteria name the trait.
    world.openSea.api.route("GET", /^\/api\/v2\/orders\/chain\/[^/]+\/protocol\/[^/]+\/0x[0-9a-fA-F]{64}$/, () => ({
      body: { order: { ...world.openSea.orderJson(offer), criteria: { collection: { slug: SLUG }, traits: [RED] } } },
    }))
    return { world, offer }
  })

/** OpenSea's fulfilment for token `sold`, its resolver carrying `proof`. */
const fulfilWithProof = (world: World, offer: FakeOrder, sold: bigint, proof: ReadonlyArray<Hex>) =>
  world.openSea.api.route("POST", "/api/v2/offers/fulfillment_data", () => {
    const answer = structuredClone(
      world.openSea.fulfillmentAnswer(offer, { fulfiller: world.wallet.address, tokenId: sold, form: "advanced" }),
    ) as any
    answer.fulfillment_data.transaction.input_data.criteriaResolvers[0].criteriaProof = proof
    return { body: answer }
  })

const sellInto = (offer: FakeOrder, sold: bigint) =>
  sell({ items: [{ token: `${NFT}:${sold}`, orderId: offer.hash }], expectedPrice: { [WETH]: { raw: TEN } } })

describe("selling into a trait offer", () => {
  it.effect("honest twin: token 7 (Hat Red) is sold with its proof against the offer's root", () =>
    Effect.gen(function* () {
      const { world, offer } = yield* traitSale(7n)
      fulfilWithProof(world, offer, 7n, criteriaProof(WITH_RED, 7n)!)
      expect(yield* run(world, sellInto(offer, 7n))).toBe(true)
      const call = decodeFunctionData({ abi: seaportAbi, data: world.wallet.sent[0]!.request.data! })
      const [resolver] = call.args![1] as ReadonlyArray<{ identifier: bigint; criteriaProof: ReadonlyArray<Hex> }>
      expect([resolver!.identifier, resolver!.criteriaProof]).toEqual([7n, criteriaProof(WITH_RED, 7n)])
    }),
  )

  it.effect("a resolver proof for another token (3) is refused before the wallet", () =>
    Effect.gen(function* () {
      const { world, offer } = yield* traitSale(7n)
      fulfilWithProof(world, offer, 7n, criteriaProof(WITH_RED, 3n)!)
      expectRefused(world, yield* refusalOf(world, sellInto(offer, 7n)), "criteria")
    }),
  )

  it.effect("a resolver with no proof at all is refused before the wallet", () =>
    Effect.gen(function* () {
      const { world, offer } = yield* traitSale(7n)
      fulfilWithProof(world, offer, 7n, [])
      expectRefused(world, yield* refusalOf(world, sellInto(offer, 7n)), "criteria")
    }),
  )

  it.effect("token 8 (Hat Blue) is refused before any fulfilment is asked", () =>
    Effect.gen(function* () {
      const { world, offer } = yield* traitSale(8n)
      fulfilWithProof(world, offer, 8n, [])
      expectRefused(world, yield* refusalOf(world, sellInto(offer, 8n)), "criteria")
      expect(world.openSea.api.requestsTo("/api/v2/offers/fulfillment_data")).toEqual([])
    }),
  )
})
