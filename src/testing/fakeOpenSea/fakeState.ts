import { type Address, type Hex, hashStruct, keccak256, type LocalAccount, toHex, zeroAddress, zeroHash } from "viem"
import { OPENSEA_CONDUIT_KEY, OPENSEA_SEAPORT, OPENSEA_SIGNED_ZONE } from "../../apis/opensea/config/openSeaChains.js"
import { ORDER_COMPONENTS_TYPES } from "../../apis/opensea/seaport/eip712Types.js"
import { ItemType } from "../../apis/opensea/seaport/SeaportOrder.js"
import { type FakeItem, type FakeOrder, type FakeOrderComponents, wireParameters } from "./fakeOrder.js"
import { type FakeFillRequest, fulfillmentAnswer } from "./fulfillment.js"

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

/** What one fake OpenSea serves and holds: its chain, its Seaport domain, its orders, collections and currencies. */
export interface FakeState {
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

/** The collection of a contract, if the fake serves it. */
export const collectionOf = (state: FakeState, contract: Address) => state.collections.get(contract.toLowerCase())

/** The collection of a slug, if the fake serves it. */
export const collectionOfSlug = (state: FakeState, slug: unknown) =>
  [...state.collections.values()].find((candidate) => candidate.slug === slug)

/** Serves a collection: no fees, native listings and WETH offers unless `input` says otherwise. */
export const addCollection = (
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

/** The collection of a contract, served from now on (no fees) when unknown. */
export const collectionFor = (state: FakeState, contract: Address) =>
  collectionOf(state, contract) ?? addCollection(state, { contract })

/** Seaport's order hash of signed components. */
export const orderHashOf = (components: FakeOrderComponents): Hex =>
  hashStruct({
    data: components as unknown as Record<string, unknown>,
    primaryType: "OrderComponents",
    types: ORDER_COMPONENTS_TYPES,
  })

/** Signs `components` with `maker` and stores the order. */
export const addSigned = async (
  state: FakeState,
  maker: LocalAccount,
  components: FakeOrderComponents,
  info: Pick<FakeOrder, "kind" | "contract" | "tokenId" | "price" | "currency"> &
    Partial<Pick<FakeOrder, "symbol" | "decimals">>,
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
export const addListing = (state: FakeState, input: FakeOrderInput): Promise<FakeOrder> => {
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
export const addOffer = (state: FakeState, input: FakeOrderInput): Promise<FakeOrder> => {
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
export const orderJson = (state: FakeState, order: FakeOrder): Record<string, unknown> => {
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
export const answerFulfilment = (state: FakeState, order: FakeOrder, request: FakeFillRequest) => {
  state.answers++
  return fulfillmentAnswer(state, state.answers, order, request)
}

/** The honest `offers/build` answer for a collection and quantity. */
export const buildAnswer = (
  collection: FakeCollection,
  offerer: Address,
  quantity: bigint,
): Record<string, unknown> => ({
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

/** The spec's `Currency` of an address, with the symbol and decimals the fake knows. */
export const currencyJson = (state: FakeState, address: Address) => {
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

/** The options of a fake OpenSea: its chain, its Seaport and conduit, its wrapped native token. */
export interface FakeStateOptions {
  readonly chainName?: string
  readonly chainId?: number
  readonly seaport?: Address
  readonly conduitKey?: Hex
  /** The chain's wrapped native token: the default offer currency. */
  readonly weth?: Address
}

/** A fake OpenSea's empty state: Ethereum's Seaport 1.6 and OpenSea's conduit unless `options` says otherwise. */
export const makeFakeState = (options: FakeStateOptions = {}): FakeState => {
  const chainId = options.chainId ?? 1
  const seaport = options.seaport ?? OPENSEA_SEAPORT
  const weth = options.weth ?? "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
  return {
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
}

/** The order of `hash`, in any case. */
export const orderOfHash = (state: FakeState, hash: string) =>
  state.orders.get(hash.toLowerCase() as Hex) ??
  [...state.orders.values()].find((o) => o.hash.toLowerCase() === hash.toLowerCase())
