import * as Effect from "effect/Effect"
import { type Address, getAddress, type Hex, verifyTypedData, zeroAddress } from "viem"
import { OPENSEA_SIGNED_ZONE } from "../../apis/opensea/config/openSeaChains.js"
import { ORDER_COMPONENTS_TYPES, ORDER_HASH_TYPES } from "../../apis/opensea/seaport/eip712Types.js"
import type { FakeResponse, RecordedRequest } from "../FakeApi.js"
import { isBulkSignatureOf } from "./bulkSignature.js"
import { componentsOf, type FakeOrder, type FakeOrderComponents, type Json } from "./fakeOrder.js"
import {
  answerFulfilment,
  buildAnswer,
  collectionOf,
  collectionOfSlug,
  currencyJson,
  type FakeState,
  orderHashOf,
  orderJson,
  orderOfHash,
} from "./fakeState.js"
import { unitsToFillOf } from "./fulfillment.js"

const refusal = (status: number, message: string): FakeResponse => ({ status, body: { errors: [message] } })

/** Six months, in seconds: the longest an order may last on OpenSea. */
const SIX_MONTHS = 183n * 24n * 3600n

const bodyOf = (request: RecordedRequest): Record<string, Json> =>
  typeof request.body === "object" && request.body !== null ? (request.body as Record<string, Json>) : {}

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
export type HonestResponder = (state: FakeState, request: RecordedRequest) => FakeResponse | Effect.Effect<FakeResponse>

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
export const HONEST_ROUTES: ReadonlyArray<{
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
export const honestAnswer = (state: FakeState, request: RecordedRequest): Effect.Effect<FakeResponse> => {
  const found = HONEST_ROUTES.find(
    (candidate) =>
      candidate.method === request.method &&
      (typeof candidate.path === "string" ? candidate.path === request.path : candidate.path.test(request.path)),
  )
  const answer =
    found === undefined ? refusal(404, `No route ${request.method} ${request.path}`) : found.respond(state, request)
  return Effect.isEffect(answer) ? answer : Effect.succeed(answer)
}
