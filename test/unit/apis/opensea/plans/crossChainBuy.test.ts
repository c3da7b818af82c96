import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type Address, decodeFunctionData, getAddress, type Hex, parseEther } from "viem"
import { openSea } from "../../../../../src/apis/opensea/index.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"
import type { TradekitBook } from "../../../../../src/apis/TradekitBook.js"
import { buy } from "../../../../../src/index.js"
import { ExecuteResponse } from "../../../../../src/schema/ExecuteResponse.js"
import type { TradeRequest } from "../../../../../src/schema/TradeRequest.js"
import { OrderBook } from "../../../../../src/services/OrderBook.js"
import { NO_RETRY } from "../../../../../src/services/RetryPolicy.js"
import { Tradekit } from "../../../../../src/Tradekit.js"
import { makeFakeChainReads, makeFakeOpenSea, makeFakeWallet } from "../../../../../src/testing/index.js"
import { ETHEREUM, NFT, POLYGON, SELLER } from "../hostileKit.js"

const ROUTER: Address = getAddress("0x00000000000000000000000000000000000f0f0f")
const ONE = parseEther("1")
/** What the cross-chain book hands back: one deposit on Polygon, followed by its status check. */
const DEPOSIT_PLAN = Schema.decodeUnknownSync(ExecuteResponse)({
  requestId: "0x01",
  steps: [
    {
      id: "deposit",
      action: "Confirm transaction in your wallet",
      description: "Deposit",
      kind: "transaction",
      items: [
        {
          status: "incomplete",
          data: {
            from: getAddress("0x000000000000000000000000000000000000b0b0"),
            to: getAddress("0x4cd00e387622c35bddb9b4c962c136462338bc31"),
            data: "0x",
            value: "1",
            chainId: 137,
          },
          check: { endpoint: "/intents/status/v3?requestId=0x01", method: "GET" },
        },
      ],
    },
  ],
})

/** A world whose OpenSea book carries cross-chain purchases through a stand-in book that records what it is asked. */
const crossChainWorld = (router: Address | null = ROUTER) => {
  const fake = makeFakeOpenSea({ chainName: "ethereum", chainId: 1 })
  const wallet = makeFakeWallet({ behaviour: { chainId: 137 } })
  const asked: Array<TradeRequest> = []
  const crossChain: TradekitBook = {
    name: "relay",
    layer: () =>
      Layer.succeed(OrderBook, {
        name: "relay",
        actions: new Set(["call"] as const),
        callSender: (chainId) => (chainId === 1 && router !== null ? router : undefined),
        forChain: () =>
          Result.succeed({
            plan: (request) => Effect.sync(() => (asked.push(request), DEPOSIT_PLAN)),
            post: () => Effect.die("no post"),
            checkItem: () => Effect.void,
          }),
      }),
  }
  const layer = Layer.merge(
    Tradekit.layerWith(
      {
        chains: [ETHEREUM, { ...POLYGON, active: false }],
        retry: NO_RETRY,
        book: openSea({ apiBaseUrl: "https://os.test", crossChain }),
      },
      fake.api.layer,
    ).pipe(Layer.provide(makeFakeChainReads().serving(fake).layer)),
    wallet.layer,
  )
  return { fake, wallet, asked, layer }
}

const buyFromPolygon = (items: ReadonlyArray<{ orderId: string }>) =>
  buy({ chainId: 1, items, options: { currencyChainId: 137 }, precheck: true })

describe("a cross-chain purchase on the OpenSea book", () => {
  it.effect(
    "OpenSea's fill made out for the router, rebuilt to send the token to the buyer, handed over as the call",
    () =>
      Effect.gen(function* () {
        const world = crossChainWorld()
        const listing = yield* Effect.promise(() =>
          world.fake.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: ONE }),
        )
        const plan = (yield* buyFromPolygon([{ orderId: listing.hash }]).pipe(
          Effect.provide(world.layer),
        )) as ExecuteResponse
        expect(plan.steps).toMatchObject(DEPOSIT_PLAN.steps)
        expect(plan.path?.[0]).toMatchObject({ orderId: listing.hash, tokenId: "1" })
        const [fulfilment] = world.fake.api.requestsTo("/api/v2/listings/fulfillment_data")
        expect((fulfilment!.body as { fulfiller: { address: string } }).fulfiller.address).toBe(ROUTER)
        expect(world.asked).toHaveLength(1)
        const call = world.asked[0]!
        expect(call.action).toBe("call")
        const params = call.params as {
          user: string
          originChainId: number
          txs: ReadonlyArray<Record<string, string>>
        }
        expect(params.originChainId).toBe(137)
        expect(params.user).toBe(world.wallet.address)
        expect(params.txs).toHaveLength(1)
        const tx = params.txs[0]!
        expect(getAddress(tx.to!)).toBe(getAddress(world.fake.seaport))
        expect(BigInt(tx.value!)).toBe(ONE)
        const decoded = decodeFunctionData({ abi: seaportAbi, data: tx.data as Hex })
        expect(decoded.functionName).toBe("fulfillAdvancedOrder")
        const [order, , , recipient] = decoded.args as unknown as [{ signature: Hex }, unknown, Hex, Address]
        expect(recipient).toBe(world.wallet.address)
        expect(order.signature).toBe(listing.signature)
        expect(world.wallet.calls).toEqual([])
      }),
  )

  it.effect("a fulfilment for another listing than the one named is refused before the cross-chain book is asked", () =>
    Effect.gen(function* () {
      const world = crossChainWorld()
      const named = yield* Effect.promise(() =>
        world.fake.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: ONE }),
      )
      const other = yield* Effect.promise(() =>
        world.fake.addListing({ maker: SELLER, contract: NFT, tokenId: 2n, price: ONE / 2n }),
      )
      world.fake.api.route("POST", "/api/v2/listings/fulfillment_data", () => ({
        body: world.fake.fulfillmentAnswer(other, { fulfiller: ROUTER }),
      }))
      const error = yield* Effect.flip(buyFromPolygon([{ orderId: named.hash }]).pipe(Effect.provide(world.layer)))
      expect(error).toMatchObject({ _tag: "OrderCheckError", book: "opensea" })
      expect(world.asked).toEqual([])
    }),
  )

  it.effect("several listings, or a chain the cross-chain book has no router on, are refused by name", () =>
    Effect.gen(function* () {
      const world = crossChainWorld()
      const [a, b] = yield* Effect.promise(() =>
        Promise.all(
          [1n, 2n].map((tokenId) => world.fake.addListing({ maker: SELLER, contract: NFT, tokenId, price: ONE })),
        ),
      )
      const several = yield* Effect.flip(
        buyFromPolygon([{ orderId: a!.hash }, { orderId: b!.hash }]).pipe(Effect.provide(world.layer)),
      )
      expect(several).toMatchObject({ _tag: "UnsupportedByBookError" })
      const routerless = crossChainWorld(null)
      const listing = yield* Effect.promise(() =>
        routerless.fake.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: ONE }),
      )
      const unrouted = yield* Effect.flip(
        buyFromPolygon([{ orderId: listing.hash }]).pipe(Effect.provide(routerless.layer)),
      )
      expect(unrouted).toMatchObject({ _tag: "BookConfigurationError" })
      expect(unrouted.message).toContain("routers")
      expect([...world.asked, ...routerless.asked]).toEqual([])
    }),
  )

  it.effect("a resume asks no new quote: the book refuses to plan it again, asking neither OpenSea nor Relay", () =>
    Effect.gen(function* () {
      const world = crossChainWorld()
      const listing = yield* Effect.promise(() =>
        world.fake.addListing({ maker: SELLER, contract: NFT, tokenId: 1n, price: ONE }),
      )
      const book = yield* Effect.service(OrderBook).pipe(Effect.provide(world.layer))
      const request: TradeRequest = {
        action: "buy",
        params: { items: [{ orderId: listing.hash }], taker: world.wallet.address, currencyChainId: 137 },
      }
      const error = yield* Effect.flip(Result.getOrThrow(book.forChain(ETHEREUM)).plan(request, { resuming: true }))
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError" })
      expect(world.fake.api.requestsTo("/api/v2/listings/fulfillment_data")).toEqual([])
      expect(world.asked).toEqual([])
    }),
  )
})
