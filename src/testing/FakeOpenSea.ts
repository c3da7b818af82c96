import * as Effect from "effect/Effect"
import {
  type Address,
  getAddress,
  type Hex,
  hashStruct,
  keccak256,
  type LocalAccount,
  toHex,
  verifyTypedData,
  zeroAddress,
  zeroHash,
} from "viem"
import { OPENSEA_CONDUIT_KEY, OPENSEA_SEAPORT, OPENSEA_SIGNED_ZONE } from "../apis/opensea/config/openSeaChains.js"
import { ORDER_COMPONENTS_TYPES, ORDER_HASH_TYPES } from "../apis/opensea/seaport/eip712Types.js"
import { ItemType } from "../apis/opensea/seaport/SeaportOrder.js"
import { type FakeApi, type FakeResponse, makeFakeApi, type RecordedRequest } from "./FakeApi.js"
import { isBulkSignatureOf } from "./fakeOpenSea/bulkSignature.js"
import {
  componentsOf,
  type FakeItem,
  type FakeOrder,
  type FakeOrderComponents,
  type Json,
  wireParameters,
} from "./fakeOpenSea/fakeOrder.js"
import { type FakeFillRequest, fulfillmentAnswer, unitsToFillOf } from "./fakeOpenSea/fulfillment.js"

export type { FakeItem, FakeOrder, FakeOrderComponents } from "./fakeOpenSea/fakeOrder.js"
export type { FakeFillRequest } from "./fakeOpenSea/fulfillment.js"

/** A collection the fake serves: `fee` in percent as OpenSea gives it (2.5 = 250 basis points). */
export interface FakeCollection {
  readonly contract: Address
  readonly slug: string
  readonly standard: "erc721" | "erc1155"
  readonly fees: ReadonlyArray<{ readonly fee: number; readonly recipient: Address; readonly required: boolean }>
  readonly listingCurrency: Address
  readonly offerCurrency: Address
}

/** What a test lists or offers: the maker (a viem local account) signs it. */
export interface FakeOrderInput {
  readonly maker: LocalAccount
  readonly contract: Address
  /** The token; none for a collection offer. */
  readonly tokenId?: bigint | undefined
  readonly price: bigint
  /** The native currency (a listing's default) or an ERC-20 (an offer's default: the collection's offer currency). */
  readonly currency?: Address | undefined
  /** The price's symbol and decimals as OpenSea states them (the currency's own by default). */
  readonly symbol?: string | undefined
  readonly decimals?: number | undefined
  /** The zone and order type: OpenSea's signed zone and 3 for offers, none and 0 for listings by default. */
  readonly zone?: Address | undefined
  readonly orderType?: number | undefined
  /**
   * A listing's units of an ERC-1155 (1 by default); a listing of more is partially fillable (order type 1) by default.
   */
  readonly amount?: bigint | undefined
  readonly endTime?: bigint | undefined
  readonly salt?: bigint | undefined
}

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

const refusal = (status: number, message: string): FakeResponse => ({ status, body: { errors: [message] } })

/** Six months, in seconds: the longest an order may last on OpenSea. */
const SIX_MONTHS = 183n * 24n * 3600n

/** What one fake OpenSea serves and holds: its chain, its Seaport domain, its orders, collections and currencies. */
interface FakeState {
  readonly chainName: string
  readonly chainId: number
  readonly seaport: Address
  readonly conduitKey: Hex
  readonly weth: Address
  readonly domain: {
    readonly name: "Seaport"
    readonly version: "1.6"
    readonly chainId: number
    readonly verifyingContract: Address
  }
  readonly orders: Map<Hex, FakeOrder>
  readonly collections: Map<string, FakeCollection>
  readonly currencies: ReadonlyMap<string, { readonly symbol: string; readonly decimals: number }>
  /** How many fulfilment answers it gave: each signed-zone answer carries fresh `extraData`. */
  answers: number
}

const collectionOf = (state: FakeState, contract: Address) => state.collections.get(contract.toLowerCase())

const collectionOfSlug = (state: FakeState, slug: unknown) =>
  [...state.collections.values()].find((candidate) => candidate.slug === slug)

const addCollection = (
  state: FakeState,
  input: Partial<FakeCollection> & { readonly contract: Address },
): FakeCollection => {
  const collection: FakeCollection = {
    slug: `collection-${input.contract.slice(2, 10).toLowerCase()}`,
    standard: "erc721",
    fees: [],
    listingCurrency: zeroAddress,
    offerCurrency: state.weth,
    ...input,
  }
  state.collections.set(input.contract.toLowerCase(), collection)
  return collection
}

const collectionFor = (state: FakeState, contract: Address) =>
  collectionOf(state, contract) ?? addCollection(state, { contract })

const orderHashOf = (components: FakeOrderComponents): Hex =>
  hashStruct({
    data: components as unknown as Record<string, unknown>,
    primaryType: "OrderComponents",
    types: ORDER_COMPONENTS_TYPES,
  })

/** Signs `components` with `maker` and stores the order. */
const addSigned = async (
  state: FakeState,
  ...[maker, components, info]: Parameters<FakeOpenSea["addSigned"]>
): Promise<FakeOrder> => {
  const message = components as unknown as Record<string, unknown>
  const signature = await maker.signTypedData({
    domain: state.domain,
    types: ORDER_COMPONENTS_TYPES,
    primaryType: "OrderComponents",
    message,
  })
  const hash = orderHashOf(components)
  const known = state.currencies.get(info.currency.toLowerCase())
  const order: FakeOrder = {
    ...info,
    hash,
    components,
    signature,
    symbol: info.symbol ?? known?.symbol ?? "",
    decimals: info.decimals ?? known?.decimals ?? 18,
    cancelled: false,
  }
  state.orders.set(hash, order)
  return order
}

/** The consideration items of a collection's required fees on `price`. */
const feeItemsOf = (collection: FakeCollection, currency: Address, price: bigint): ReadonlyArray<FakeItem> =>
  collection.fees
    .filter((fee) => fee.required)
    .map((fee) => {
      const amount = (price * BigInt(Math.round(fee.fee * 100))) / 10_000n
      return {
        itemType: currency === zeroAddress ? 0 : 1,
        token: currency,
        identifierOrCriteria: 0n,
        startAmount: amount,
        endAmount: amount,
        recipient: fee.recipient,
      }
    })

const baseComponents = (state: FakeState, input: FakeOrderInput) => ({
  offerer: input.maker.address,
  startTime: 1_600_000_000n,
  endTime: input.endTime ?? 1_900_000_000n,
  salt: input.salt ?? BigInt(keccak256(toHex(`${input.maker.address}:${state.orders.size}`))),
  conduitKey: state.conduitKey,
  counter: 0n,
})

/** The price's symbol and decimals a test asked for, if any. */
const statedPrice = (input: FakeOrderInput) => ({
  ...(input.symbol !== undefined ? { symbol: input.symbol } : {}),
  ...(input.decimals !== undefined ? { decimals: input.decimals } : {}),
})

const nftItemType = (collection: FakeCollection) =>
  collection.standard === "erc1155" ? ItemType.ERC1155 : ItemType.ERC721

/** Signs and stores a listing: the NFT offered, the net price to the maker and the fees asked. */
const addListing = (state: FakeState, input: FakeOrderInput): Promise<FakeOrder> => {
  const collection = collectionFor(state, input.contract)
  const currency = input.currency ?? collection.listingCurrency
  const fees = feeItemsOf(collection, currency, input.price)
  const net = input.price - fees.reduce((sum, fee) => sum + fee.startAmount, 0n)
  const tokenId = input.tokenId ?? 0n
  const units = input.amount ?? 1n
  const offered: FakeItem = {
    itemType: nftItemType(collection),
    token: input.contract,
    identifierOrCriteria: tokenId,
    startAmount: units,
    endAmount: units,
  }
  const proceeds: FakeItem = {
    itemType: currency === zeroAddress ? 0 : 1,
    token: currency,
    identifierOrCriteria: 0n,
    startAmount: net,
    endAmount: net,
    recipient: input.maker.address,
  }
  return addSigned(
    state,
    input.maker,
    {
      ...baseComponents(state, input),
      zone: input.zone ?? zeroAddress,
      orderType: input.orderType ?? (units > 1n ? 1 : 0),
      zoneHash: zeroHash,
      offer: [offered],
      consideration: [proceeds, ...fees],
    },
    { kind: "listing", contract: input.contract, tokenId, price: input.price, currency, ...statedPrice(input) },
  )
}

/** Signs and stores an item offer, or a collection offer (no token: a criteria item). */
const addOffer = (state: FakeState, input: FakeOrderInput): Promise<FakeOrder> => {
  const collection = collectionFor(state, input.contract)
  const currency = input.currency ?? collection.offerCurrency
  const fees = feeItemsOf(collection, currency, input.price)
  const criteria = input.tokenId === undefined
  const nft = nftItemType(collection)
  const wanted: FakeItem = {
    itemType: criteria ? nft + 2 : nft,
    token: input.contract,
    identifierOrCriteria: input.tokenId ?? 0n,
    startAmount: 1n,
    endAmount: 1n,
    recipient: input.maker.address,
  }
  const paid: FakeItem = {
    itemType: ItemType.ERC20,
    token: currency,
    identifierOrCriteria: 0n,
    startAmount: input.price,
    endAmount: input.price,
  }
  return addSigned(
    state,
    input.maker,
    {
      ...baseComponents(state, input),
      zone: input.zone ?? OPENSEA_SIGNED_ZONE,
      orderType: input.orderType ?? 3,
      zoneHash: zeroHash,
      offer: [paid],
      consideration: [wanted, ...fees],
    },
    {
      kind: criteria ? "collection-offer" : "item-offer",
      contract: input.contract,
      tokenId: input.tokenId,
      price: input.price,
      currency,
      ...statedPrice(input),
    },
  )
}

/** The spec's `Listing` / `Offer` of an order, as the read routes send it (no signature). */
const orderJson = (state: FakeState, order: FakeOrder): Record<string, unknown> => {
  const price = { currency: order.symbol, decimals: order.decimals, value: order.price.toString() }
  const base = {
    order_hash: order.hash,
    chain: state.chainName,
    protocol_data: { parameters: wireParameters(order.components), signature: null },
    protocol_address: state.seaport,
    remaining_quantity: 1,
    status: order.cancelled ? "CANCELLED" : "ACTIVE",
  }
  if (order.kind === "listing") {
    return {
      ...base,
      type: "basic",
      asset: { contract: order.contract, identifier: String(order.tokenId) },
      price: { current: price },
    }
  }
  if (order.kind === "item-offer")
    return { ...base, asset: { contract: order.contract, identifier: String(order.tokenId) }, price }
  const slug = collectionOf(state, order.contract)?.slug
  return {
    ...base,
    price,
    criteria: { collection: { slug }, contract: { address: order.contract }, encoded_token_ids: "*" },
  }
}

/** The fulfilment answer of `order` for `request`, counted among the fake's answers. */
const answerFulfilment = (state: FakeState, order: FakeOrder, request: FakeFillRequest) => {
  state.answers++
  return fulfillmentAnswer(state, state.answers, order, request)
}

/** The honest `offers/build` answer for a collection and quantity. */
const buildAnswer: FakeOpenSea["buildAnswer"] = (collection, offerer, quantity) => ({
  partialParameters: {
    consideration: [
      {
        itemType: collection.standard === "erc721" ? ItemType.ERC721_WITH_CRITERIA : ItemType.ERC1155_WITH_CRITERIA,
        token: collection.contract,
        identifierOrCriteria: "0",
        startAmount: quantity.toString(),
        endAmount: quantity.toString(),
        recipient: offerer,
      },
    ],
    zone: OPENSEA_SIGNED_ZONE,
    zoneHash: zeroHash,
  },
  criteria: { collection: { slug: collection.slug }, contract: { address: collection.contract } },
  encodedTokenIds: "*",
})

const currencyJson = (state: FakeState, address: Address) => {
  const known = state.currencies.get(address.toLowerCase())
  return {
    symbol: known?.symbol,
    address,
    chain: state.chainName,
    name: known?.symbol,
    decimals: known?.decimals ?? 18,
    image: "",
    eth_price: "1",
    usd_price: "0",
  }
}

const bodyOf = (request: RecordedRequest): Record<string, Json> =>
  typeof request.body === "object" && request.body !== null ? (request.body as Record<string, Json>) : {}

const orderOfHash = (state: FakeState, hash: string) =>
  state.orders.get(hash.toLowerCase() as Hex) ??
  [...state.orders.values()].find((o) => o.hash.toLowerCase() === hash.toLowerCase())

/**
 * What OpenSea refuses of a posted order: a bad signature (single or bulk), a zero-amount item, an expiry beyond six
 * months.
 */
const refusalOfPost = async (
  state: FakeState,
  components: FakeOrderComponents,
  signature: unknown,
): Promise<string | undefined> => {
  if (typeof signature !== "string") return "signature is required"
  const valid =
    (await verifyTypedData({
      address: components.offerer,
      domain: state.domain,
      types: ORDER_COMPONENTS_TYPES,
      primaryType: "OrderComponents",
      message: components as unknown as Record<string, unknown>,
      signature: signature as Hex,
    }).catch(() => false)) ||
    (await isBulkSignatureOf(state.domain, components.offerer, orderHashOf(components), signature as Hex))
  if (!valid) return "Invalid signature"
  const items = [...components.offer, ...components.consideration]
  if (items.some((item) => item.startAmount === 0n && item.endAmount === 0n))
    return "Order items must have a non-zero amount"
  if (components.endTime - components.startTime > SIX_MONTHS)
    return "Order expiration cannot be more than 6 months in the future"
  return undefined
}

/** Stores a posted order OpenSea accepts, answering it as OpenSea does; refuses what OpenSea refuses. */
const accept = async (
  state: FakeState,
  parameters: unknown,
  signature: unknown,
  kind: FakeOrder["kind"],
): Promise<FakeResponse> => {
  const components = componentsOf((parameters ?? {}) as Record<string, Json>)
  const refused = await refusalOfPost(state, components, signature)
  if (refused !== undefined) return refusal(400, refused)
  const paid = kind === "listing" ? components.offer[0] : components.consideration[0]
  const money = kind === "listing" ? components.consideration : components.offer
  const currency = money[0]?.token ?? zeroAddress
  const price =
    kind === "listing" ? money.reduce((sum, item) => sum + item.startAmount, 0n) : (money[0]?.startAmount ?? 0n)
  const hash = orderHashOf(components)
  const known = state.currencies.get(currency.toLowerCase())
  const order: FakeOrder = {
    hash,
    kind,
    components,
    signature: signature as Hex,
    contract: paid?.token ?? zeroAddress,
    tokenId: kind === "collection-offer" ? undefined : paid?.identifierOrCriteria,
    price,
    currency,
    symbol: known?.symbol ?? "",
    decimals: known?.decimals ?? 18,
    cancelled: false,
  }
  state.orders.set(hash, order)
  // Since May 2026 every post answers the Listing or Offer itself: the old `order` wrapper is gone.
  return { body: orderJson(state, order) }
}

const wrongChain = (state: FakeState, chain: string | undefined) =>
  chain !== state.chainName ? refusal(400, `Unknown chain ${chain}`) : undefined

/** How an honest route answers a request, from the fake's state. */
type HonestResponder = (state: FakeState, request: RecordedRequest) => FakeResponse | Effect.Effect<FakeResponse>

/** `GET /api/v2/chain/{chain}/contract/{address}`: the contract's collection. */
const contractRoute: HonestResponder = (state, request) => {
  const [, , , , chain, , address] = request.path.split("/")
  const collection = address === undefined ? undefined : collectionOf(state, address as Address)
  const body = collection && {
    address: collection.contract,
    chain: state.chainName,
    collection: collection.slug,
    contract_standard: collection.standard,
    name: collection.slug,
  }
  return wrongChain(state, chain) ?? (body === undefined ? refusal(404, `Contract ${address} not found`) : { body })
}

/** `GET /api/v2/collections/{slug}`: the collection, its fees and its pricing currencies. */
const collectionRoute: HonestResponder = (state, request) => {
  const slug = decodeURIComponent(request.path.split("/")[4] ?? "")
  const collection = collectionOfSlug(state, slug)
  if (collection === undefined) return refusal(404, `Collection ${slug} not found`)
  return {
    body: {
      collection: slug,
      name: slug,
      contracts: [{ address: collection.contract, chain: state.chainName }],
      fees: collection.fees,
      collection_offers_enabled: true,
      pricing_currencies: {
        listing_currency: currencyJson(state, collection.listingCurrency),
        offer_currency: currencyJson(state, collection.offerCurrency),
      },
    },
  }
}

/** `GET /api/v2/orders/chain/{chain}/protocol/{protocol}/{hash}`: one order by hash. */
const orderRoute: HonestResponder = (state, request) => {
  const [, , , , , chain, , protocol, hash] = request.path.split("/")
  if (protocol?.toLowerCase() !== state.seaport.toLowerCase()) return refusal(400, "Unknown protocol_address")
  const order = orderOfHash(state, hash ?? "")
  return (
    wrongChain(state, chain) ??
    (order === undefined ? refusal(404, `Order ${hash} not found`) : { body: { order: orderJson(state, order) } })
  )
}

/** `GET /api/v2/{listings|offers}/collection/{slug}/nfts/{identifier}/best`: the cheapest listing or best offer. */
const bestRoute: HonestResponder = (state, request) => {
  const [, , , side, , slug, , identifier] = request.path.split("/")
  const collection = collectionOfSlug(state, decodeURIComponent(slug ?? ""))
  const live = [...state.orders.values()].filter(
    (order) =>
      !order.cancelled &&
      order.contract.toLowerCase() === collection?.contract.toLowerCase() &&
      (side === "listings"
        ? order.kind === "listing" && String(order.tokenId) === identifier
        : order.kind === "collection-offer" || (order.kind === "item-offer" && String(order.tokenId) === identifier)),
  )
  const best = live.sort((a, b) => (side === "listings" ? Number(a.price - b.price) : Number(b.price - a.price)))[0]
  return best === undefined
    ? refusal(404, `No active ${side} for ${slug} #${identifier}`)
    : { body: orderJson(state, best) }
}

/** `POST /api/v2/{listings|offers}/fulfillment_data`: the Seaport call that fills a live order. */
const fulfillmentRoute: HonestResponder = (state, request) => {
  const body = bodyOf(request)
  const side = request.path.includes("/listings/") ? "listing" : "offer"
  const target = body[side] ?? {}
  if (target.chain !== state.chainName) return refusal(400, `Unknown chain ${target.chain}`)
  if (String(target.protocol_address).toLowerCase() !== state.seaport.toLowerCase())
    return refusal(400, "Unknown protocol_address")
  const order = orderOfHash(state, String(target.hash))
  if (order === undefined || order.cancelled) return refusal(404, `Order ${target.hash} not found`)
  const fulfiller = getAddress(body.fulfiller?.address)
  const tokenId = body.consideration?.token_id === undefined ? undefined : BigInt(body.consideration.token_id)
  const unitsToFill = unitsToFillOf(order, body.units_to_fill)
  if (typeof unitsToFill === "string") return refusal(400, unitsToFill)
  return { body: answerFulfilment(state, order, { fulfiller, tokenId, unitsToFill }) }
}

/** `POST /api/v2/offers/build`: the partial parameters of a collection offer. */
const buildRoute: HonestResponder = (state, request) => {
  const body = bodyOf(request)
  const slug = body.criteria?.collection?.slug
  const collection = collectionOfSlug(state, slug)
  if (collection === undefined) return refusal(404, `Collection ${slug} not found`)
  return { body: buildAnswer(collection, getAddress(body.offerer), BigInt(body.quantity ?? 1)) }
}

/** `POST /api/v2/orders/{chain}/seaport/{listings|offers}`: posts a listing or an item offer. */
const postOrderRoute: HonestResponder = (state, request) => {
  const chain = request.path.split("/")[4]
  const body = bodyOf(request)
  const kind = request.path.endsWith("listings") ? "listing" : "item-offer"
  return wrongChain(state, chain) ?? Effect.promise(() => accept(state, body.parameters, body.signature, kind))
}

/** `POST /api/v2/offers`: posts a collection (criteria) offer, which must be a restricted signed-zone order. */
const postCriteriaOfferRoute: HonestResponder = (state, request) => {
  const protocolData = bodyOf(request).protocol_data
  const components = componentsOf(protocolData?.parameters ?? {})
  if (components.zone.toLowerCase() !== OPENSEA_SIGNED_ZONE.toLowerCase() || components.orderType < 2) {
    return refusal(400, "Criteria offers must be restricted orders of OpenSea's signed zone")
  }
  return Effect.promise(() => accept(state, protocolData?.parameters, protocolData?.signature, "collection-offer"))
}

/** `POST /api/v2/orders/chain/{chain}/protocol/{protocol}/{hash}/cancel`: an off-chain cancel its offerer signed. */
const cancelRoute: HonestResponder = (state, request) => {
  const hash = request.path.split("/")[8] ?? ""
  const order = orderOfHash(state, hash)
  if (order === undefined) return refusal(404, `Order ${hash} not found`)
  return Effect.promise(async () => {
    const valid = await verifyTypedData({
      address: order.components.offerer,
      domain: state.domain,
      types: ORDER_HASH_TYPES,
      primaryType: "OrderHash",
      message: { orderHash: order.hash },
      signature: bodyOf(request).offererSignature,
    }).catch(() => false)
    if (!valid) return refusal(400, "Invalid offererSignature")
    order.cancelled = true
    return { body: { last_signature_issued_valid_until: new Date(0).toISOString() } }
  })
}

/** The routes the fake answers honestly, in the order they are registered. */
const HONEST_ROUTES: ReadonlyArray<{
  readonly method: string
  readonly path: string | RegExp
  readonly respond: HonestResponder
}> = [
  { method: "GET", path: /^\/api\/v2\/chain\/[^/]+\/contract\/[^/]+$/, respond: contractRoute },
  { method: "GET", path: /^\/api\/v2\/collections\/[^/]+$/, respond: collectionRoute },
  { method: "GET", path: /^\/api\/v2\/orders\/chain\/[^/]+\/protocol\/[^/]+\/[^/]+$/, respond: orderRoute },
  { method: "GET", path: /^\/api\/v2\/(listings|offers)\/collection\/[^/]+\/nfts\/[^/]+\/best$/, respond: bestRoute },
  { method: "POST", path: /^\/api\/v2\/(listings|offers)\/fulfillment_data$/, respond: fulfillmentRoute },
  { method: "POST", path: "/api/v2/offers/build", respond: buildRoute },
  { method: "POST", path: /^\/api\/v2\/orders\/[^/]+\/seaport\/(listings|offers)$/, respond: postOrderRoute },
  { method: "POST", path: "/api/v2/offers", respond: postCriteriaOfferRoute },
  { method: "POST", path: /^\/api\/v2\/orders\/chain\/[^/]+\/protocol\/[^/]+\/[^/]+\/cancel$/, respond: cancelRoute },
]

/** What the fake answers `request` when honest: the first honest route that matches it, or a 404. */
const honestAnswer = (state: FakeState, request: RecordedRequest): Effect.Effect<FakeResponse> => {
  const found = HONEST_ROUTES.find(
    (candidate) =>
      candidate.method === request.method &&
      (typeof candidate.path === "string" ? candidate.path === request.path : candidate.path.test(request.path)),
  )
  const answer =
    found === undefined ? refusal(404, `No route ${request.method} ${request.path}`) : found.respond(state, request)
  return Effect.isEffect(answer) ? answer : Effect.succeed(answer)
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
 * const layer = Tradekit.layerWith({ chains, api: openSea({ apiBaseUrl: "https://os.test" }) }, fake.api.layer)
 */
export const makeFakeOpenSea = (
  options: {
    readonly chainName?: string
    readonly chainId?: number
    readonly seaport?: Address
    readonly conduitKey?: Hex
    /** The chain's wrapped native token: the default offer currency. */
    readonly weth?: Address
    readonly api?: FakeApi
  } = {},
): FakeOpenSea => {
  const chainId = options.chainId ?? 1
  const seaport = options.seaport ?? OPENSEA_SEAPORT
  const weth = options.weth ?? "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
  const api = options.api ?? makeFakeApi()
  const state: FakeState = {
    chainName: options.chainName ?? "ethereum",
    chainId,
    seaport,
    conduitKey: options.conduitKey ?? OPENSEA_CONDUIT_KEY,
    weth,
    domain: { name: "Seaport", version: "1.6", chainId, verifyingContract: seaport },
    orders: new Map(),
    collections: new Map(),
    currencies: new Map([
      [zeroAddress, { symbol: "ETH", decimals: 18 }],
      [weth.toLowerCase(), { symbol: "WETH", decimals: 18 }],
    ]),
    answers: 0,
  }
  for (const { method, path, respond } of HONEST_ROUTES) api.route(method, path, (request) => respond(state, request))
  return {
    api,
    chainName: state.chainName,
    chainId,
    seaport,
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
