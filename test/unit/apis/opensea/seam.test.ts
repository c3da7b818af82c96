import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { getAddress, parseEther, zeroAddress } from "viem"
import { basisPointsOf } from "../../../../src/apis/opensea/book/PlanContext.js"
import { openSea } from "../../../../src/apis/opensea/index.js"
import { bid, call, cancel, type ExecutionSnapshot, list, resumeExecution } from "../../../../src/index.js"
import { NO_RETRY } from "../../../../src/services/RetryPolicy.js"
import { Tradekit } from "../../../../src/Tradekit.js"
import {
  ETHEREUM,
  makeWorld,
  NFT,
  OPENSEA_CONDUIT,
  OPENSEA_FEE,
  POLYGON,
  refusalOf,
  run,
  SELLER,
  signedTypedData,
} from "./hostileKit.js"

/**
 * Issue 27, the seam: OpenSea is an order book of its own, not an emulated Reservoir API. Nothing of the Reservoir
 * book leaks onto an OpenSea client (no baseApiUrl, no request to a Reservoir host, no status socket); what OpenSea
 * cannot do is refused with a typed error before any request or signature; what it takes is honoured.
 */

const ONE = parseEther("1")
const lister = (chainId: 1 | 137 = 1) => {
  const world = makeWorld({ chainId })
  world.chain.setApprovedForAll(NFT, world.wallet.address, OPENSEA_CONDUIT, true)
  return world
}
const LISTINGS = "/api/v2/orders/ethereum/seaport/listings"

describe("the OpenSea book behind the seam", () => {
  it.effect(
    "a chain with a Reservoir API and a status socket: the OpenSea client asks only OpenSea, and no socket is opened",
    () =>
      Effect.gen(function* () {
        const world = lister()
        world.openSea.addCollection({ contract: NFT, fees: [{ fee: 1, recipient: OPENSEA_FEE, required: true }] })
        const reservoirChain = {
          ...ETHEREUM,
          baseApiUrl: "https://reservoir.test",
          websocketUrl: "wss://reservoir.test/ws",
        }
        const sockets: Array<string> = []
        const layer = Layer.merge(
          Tradekit.layerWith(
            {
              chains: [reservoirChain],
              retry: NO_RETRY,
              book: openSea({ apiBaseUrl: "https://os.test" }),
              webSocketConstructor: (url) => {
                sockets.push(url)
                throw new Error("no socket expected")
              },
            },
            world.openSea.api.layer,
          ).pipe(Layer.provide(world.chain.layer)),
          world.wallet.layer,
        )
        expect(
          yield* Effect.provide(list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }), layer),
        ).toBe(true)
        expect(new Set(world.openSea.api.requests.map((request) => request.url.origin))).toEqual(
          new Set(["https://os.test"]),
        )
        expect(sockets).toEqual([])
      }),
  )

  it.effect("the option's former name `api` still picks the book for this minor version; `book` wins over it", () =>
    Effect.gen(function* () {
      for (const options of [
        { api: openSea({ apiBaseUrl: "https://os.test" }) },
        { book: openSea({ apiBaseUrl: "https://os.test" }), api: openSea({ apiBaseUrl: "https://elsewhere.test" }) },
      ]) {
        const world = lister()
        world.openSea.addCollection({ contract: NFT, fees: [{ fee: 1, recipient: OPENSEA_FEE, required: true }] })
        const layer = Layer.merge(
          Tradekit.layerWith({ chains: [ETHEREUM], retry: NO_RETRY, ...options }, world.openSea.api.layer).pipe(
            Layer.provide(world.chain.layer),
          ),
          world.wallet.layer,
        )
        yield* Effect.provide(list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }), layer)
        expect(new Set(world.openSea.api.requests.map((request) => request.url.origin))).toEqual(
          new Set(["https://os.test"]),
        )
      }
    }),
  )

  it.effect("an action OpenSea does not plan (a cross-chain call) is refused before any request, naming the book", () =>
    Effect.gen(function* () {
      const world = lister()
      const error = yield* refusalOf(world, call({ toChainId: ETHEREUM.id, txs: [{ to: NFT, data: "0x", value: 1n }] }))
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea", what: "the call action" })
      expect(world.openSea.api.requests).toEqual([])
      expect(world.wallet.calls).toEqual([])
    }),
  )

  it.effect("a bid on a token set is refused, never read as an offer on any token of the collection", () =>
    Effect.gen(function* () {
      const world = lister()
      world.openSea.addCollection({ contract: NFT, fees: [] })
      const error = yield* refusalOf(
        world,
        bid({ bids: [{ collection: NFT, tokenSetId: `contract:${NFT}`, weiPrice: ONE.toString() }] }),
      )
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea", what: "`tokenSetId`" })
      expect(world.wallet.calls).toEqual([])
      expect(world.openSea.api.requestsTo("/api/v2/offers/build")).toEqual([])
    }),
  )

  it.effect("a `source` in the settings is refused before anything is signed, never silently dropped", () =>
    Effect.gen(function* () {
      const world = lister()
      world.openSea.addCollection({ contract: NFT, fees: [] })
      const layer = Layer.merge(
        Tradekit.layerWith(
          {
            chains: [ETHEREUM],
            retry: NO_RETRY,
            source: "market.example",
            book: openSea({ apiBaseUrl: "https://os.test" }),
          },
          world.openSea.api.layer,
        ).pipe(Layer.provide(world.chain.layer)),
        world.wallet.layer,
      )
      const error = yield* Effect.flip(
        Effect.provide(list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }), layer),
      )
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea", what: "`source`" })
      expect(world.wallet.calls).toEqual([])
    }),
  )

  it.effect(
    "marketplace fees are honoured: each is a consideration item of the signed listing, paid out of the price",
    () =>
      Effect.gen(function* () {
        const world = lister()
        world.openSea.addCollection({ contract: NFT, fees: [{ fee: 1, recipient: OPENSEA_FEE, required: true }] })
        const marketplace = getAddress("0x00000000000000000000000000000000000fee01")
        yield* run(
          world,
          list({
            listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString(), marketplaceFees: [`${marketplace}:250`] }],
          }),
        )
        const [signed] = signedTypedData(world.wallet)
        expect(
          signed!.message.consideration.map((item: any) => [getAddress(item.recipient), BigInt(item.endAmount)]),
        ).toEqual([
          [world.wallet.address, parseEther("0.965")],
          [OPENSEA_FEE, parseEther("0.01")],
          [marketplace, parseEther("0.025")],
        ])
      }),
  )

  it.effect("a listing takes the collection's listing currency (WETH on Polygon) when the caller names none", () =>
    Effect.gen(function* () {
      const world = lister(137)
      const polygonWeth = getAddress("0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619")
      world.openSea.addCollection({ contract: NFT, fees: [], listingCurrency: polygonWeth })
      yield* run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }], chainId: POLYGON.id }))
      const [signed] = signedTypedData(world.wallet)
      expect(signed!.message.consideration.map((item: any) => [Number(item.itemType), getAddress(item.token)])).toEqual(
        [[1, polygonWeth]],
      )
    }),
  )

  it.effect("the fake answers a listing post with the Listing itself, without the old `order` wrapper (May 2026)", () =>
    Effect.gen(function* () {
      const world = lister()
      world.openSea.addCollection({ contract: NFT, fees: [] })
      const answers: Array<unknown> = []
      world.openSea.api.route("POST", LISTINGS, (request) =>
        Effect.tap(world.openSea.honestAnswer(request), (answer) => Effect.sync(() => answers.push(answer.body))),
      )
      yield* run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }))
      const [answer] = answers as ReadonlyArray<Record<string, unknown>>
      expect(answer).not.toHaveProperty("order")
      expect(answer!.order_hash).toBe([...world.openSea.orders.keys()][0])
    }),
  )

  it.effect("a listing names the collection's required zone as a restricted order (open without one)", () =>
    Effect.gen(function* () {
      const world = lister()
      world.openSea.addCollection({ contract: NFT, fees: [] })
      const zone = getAddress("0x00000000000000000000000000000000000a0e01")
      world.openSea.api.route("GET", /^\/api\/v2\/collections\/[^/]+$/, (request) =>
        Effect.map(world.openSea.honestAnswer(request), (answer) => ({
          ...answer,
          body: { ...(answer.body as object), required_zone: zone },
        })),
      )
      yield* run(world, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }))
      const [signed] = signedTypedData(world.wallet)
      expect(getAddress(signed!.message.zone)).toBe(zone)
      // Seaport calls an open order's zone only if the zone itself fills it: restricted, so the zone is asked.
      expect(Number(signed!.message.orderType)).toBe(2)
      expect((world.openSea.api.requestsTo(LISTINGS)[0]!.body as any).parameters.orderType).toBe(2)

      const open = lister()
      open.openSea.addCollection({ contract: NFT, fees: [] })
      yield* run(open, list({ listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }] }))
      expect(Number(signedTypedData(open.wallet)[0]!.message.orderType)).toBe(0)
    }),
  )

  it.effect("an off-chain cancel of a listing outside the signed zone is refused: it would stay fillable", () =>
    Effect.gen(function* () {
      const world = lister()
      world.openSea.addCollection({ contract: NFT, fees: [] })
      const listing = yield* Effect.promise(() =>
        world.openSea.addListing({ maker: SELLER, contract: NFT, tokenId: 3n, price: ONE, currency: zeroAddress }),
      )
      const wallet = world.wallet
      const error = yield* Effect.flip(run(world, cancel({ orderIds: [listing.hash], options: { offChain: true } })))
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea" })
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect(
    "a post OpenSea throttles and stores nothing is a refusal to post again later, not an order of unknown fate",
    () =>
      Effect.gen(function* () {
        const world = lister()
        world.openSea.addCollection({ contract: NFT, fees: [] })
        world.openSea.api.route("POST", LISTINGS, {
          status: 429,
          headers: { "retry-after": "120" },
          body: { detail: "Request was throttled." },
        })
        let last: ExecutionSnapshot | undefined
        const error = yield* Effect.flip(
          run(
            world,
            list({
              listings: [{ token: `${NFT}:3`, weiPrice: ONE.toString() }],
              onProgress: (s) => Effect.sync(() => (last = s)),
            }),
          ),
        )
        expect(error).toMatchObject({
          _tag: "OrderPostRefusedError",
          book: "opensea",
          statusCode: 429,
          retryAfterMs: 120_000,
        })
        expect(last?.journal?.map((entry) => entry._tag)).toEqual(["Signed"])
        // OpenSea takes it later: the resume posts the same signature, with no second prompt.
        world.openSea.api.route("POST", LISTINGS, (request) => world.openSea.honestAnswer(request))
        yield* run(world, resumeExecution(JSON.parse(JSON.stringify(last))))
        expect(signedTypedData(world.wallet)).toHaveLength(1)
        expect(world.openSea.orders.size).toBe(1)
      }),
  )
})

describe("OpenSea's fees, counted as OpenSea counts them", () => {
  it("a percentage in basis points, in decimals, rounded half up: 1.005 % is 101, where floats say 100", () => {
    expect(Math.round(1.005 * 100)).toBe(100)
    expect(
      [1.005, "1.005", 2.5, 0.5, 10, 1e-7, 33.33, "2"].map((percent) => Result.getOrThrow(basisPointsOf(percent))),
    ).toEqual([101n, 101n, 250n, 50n, 1000n, 0n, 3333n, 200n])
  })
})
