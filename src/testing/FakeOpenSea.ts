import type * as Effect from "effect/Effect"
import type { Address, Hex, LocalAccount } from "viem"
import { type FakeApi, type FakeResponse, makeFakeApi, type RecordedRequest } from "./FakeApi.js"
import type { FakeOrder, FakeOrderComponents } from "./fakeOpenSea/fakeOrder.js"
import {
  addCollection,
  addListing,
  addOffer,
  addSigned,
  answerFulfilment,
  buildAnswer,
  type FakeCollection,
  type FakeOrderInput,
  type FakeStateOptions,
  makeFakeState,
  orderJson,
} from "./fakeOpenSea/fakeState.js"
import type { FakeFillRequest } from "./fakeOpenSea/fulfillment.js"
import { HONEST_ROUTES, honestAnswer } from "./fakeOpenSea/honestRoutes.js"

export type { FakeItem, FakeOrder, FakeOrderComponents } from "./fakeOpenSea/fakeOrder.js"
export type { FakeCollection, FakeOrderInput } from "./fakeOpenSea/fakeState.js"
export type { FakeFillRequest } from "./fakeOpenSea/fulfillment.js"

/** A fake OpenSea API v2 over a FakeApi: honest answers from its own signed orders; any route can be overridden. */
export interface FakeOpenSea {
  /** The fake API: its layer for `Tradekit.layerWith`, its requests, and `route(...)` to answer a route otherwise. */
  readonly api: FakeApi
  readonly chainName: string
  readonly chainId: number
  readonly seaport: Address
  /** Every order it holds (added, or posted by tradekit), by hash. */
  readonly orders: ReadonlyMap<Hex, FakeOrder>
  /** The bodies tradekit posted to the order routes, in order. */
  readonly posted: ReadonlyArray<RecordedRequest>
  readonly addCollection: (collection: Partial<FakeCollection> & { readonly contract: Address }) => FakeCollection
  /** Signs (with `maker`) and stores a listing; its collection is made (no fees) when unknown. */
  readonly addListing: (input: FakeOrderInput) => Promise<FakeOrder>
  /** Signs and stores an item offer (`tokenId`) or a collection offer (no `tokenId`). */
  readonly addOffer: (input: FakeOrderInput) => Promise<FakeOrder>
  /** Signs `components` with `maker` as a stored order of `kind` (for orders of any shape). */
  readonly addSigned: (
    maker: LocalAccount,
    components: FakeOrderComponents,
    info: Pick<FakeOrder, "kind" | "contract" | "tokenId" | "price" | "currency"> &
      Partial<Pick<FakeOrder, "symbol" | "decimals">>,
  ) => Promise<FakeOrder>
  /** The spec's `Listing` / `Offer` of an order, as the read routes send it (no signature). */
  readonly orderJson: (order: FakeOrder) => Record<string, unknown>
  /** The `fulfillment_data` answer that fills `order` for `request`, as OpenSea builds it. */
  readonly fulfillmentAnswer: (order: FakeOrder, request: FakeFillRequest) => Record<string, unknown>
  /**
   * What the fake answers `request` when honest: to wrap in a hostile route (`call === 0 ? hostile :
   * honestAnswer(request)`).
   */
  readonly honestAnswer: (request: RecordedRequest) => Effect.Effect<FakeResponse>
  /** The honest `offers/build` answer for a collection and quantity. */
  readonly buildAnswer: (collection: FakeCollection, offerer: Address, quantity: bigint) => Record<string, unknown>
}

/**
 * Makes a fake OpenSea API v2 that answers honestly in the published spec's shapes: contract and collection
 * look-ups, orders by hash, best listings and offers, fulfilment data built from its orders' real signatures
 * (`fulfillment_data.transaction { function, chain, to, value, input_data }`), `offers/build`, and the post and
 * cancel routes — which check signatures, and refuse zero-amount items and expiries beyond six months as OpenSea
 * does. Override a route with `fake.api.route(...)` to make it hostile.
 *
 * @example
 * const fake = makeFakeOpenSea({ weth })
 * const listing = await fake.addListing({ maker, contract: nft, tokenId: 1n, price: parseEther("1") })
 * const layer = Tradekit.layerWith({ chains, book: openSea({ apiBaseUrl: "https://os.test" }) }, fake.api.layer)
 */
export const makeFakeOpenSea = (options: FakeStateOptions & { readonly api?: FakeApi } = {}): FakeOpenSea => {
  const state = makeFakeState(options)
  const api = options.api ?? makeFakeApi()
  for (const { method, path, respond } of HONEST_ROUTES) api.route(method, path, (request) => respond(state, request))
  return {
    api,
    chainName: state.chainName,
    chainId: state.chainId,
    seaport: state.seaport,
    orders: state.orders,
    get posted() {
      return api.requestsTo(/^\/api\/v2\/(orders\/[^/]+\/seaport\/(listings|offers)|offers)$/)
    },
    addCollection: (input) => addCollection(state, input),
    addListing: (input) => addListing(state, input),
    addOffer: (input) => addOffer(state, input),
    addSigned: (...args) => addSigned(state, ...args),
    orderJson: (order) => orderJson(state, order),
    fulfillmentAnswer: (order, request) => answerFulfilment(state, order, request),
    buildAnswer,
    honestAnswer: (request) => honestAnswer(state, request),
  }
}
