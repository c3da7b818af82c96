import * as Effect from "effect/Effect"
import { type Address, type Hex, zeroAddress } from "viem"
import { OrderCheckError, type OrderCheckRule } from "../../../errors/OrderCheckError.js"
import type { NamedToken } from "./checkFulfillment.js"
import { orderPrice, requiredFeeItems } from "./requiredFeeItems.js"
import {
  type ConsiderationItem,
  ItemType,
  isCriteriaItem,
  type OfferItem,
  type OrderComponents,
  OrderType,
  sameAddress,
} from "./SeaportOrder.js"

/**
 * The most fees an order tradekit signs may pay, in basis points of its price: 10 % of creator earnings and
 * OpenSea's 1 % (opensea-facts: OpenSea's fee is 1.0 % since 2025-09-15).
 */
export const DEFAULT_MAX_FEE_BPS = 1_100n

/**
 * How many months ahead an order may end: opensea-js raised `MAX_EXPIRATION_MONTHS` in `src/constants.ts` to 6
 * (ProjectOpenSea/opensea-js PR 1722, 2025-07) and its `getMaxOrderExpirationTimestamp` adds that many calendar months.
 */
export const MAX_EXPIRATION_MONTHS = 6

/**
 * What every order tradekit signs must be: the maker's, in the named currency at the named price, on the chain's
 * conduit.
 */
interface OrderToSignBasics {
  /** The book, in the error (`opensea` by default). */
  readonly book?: string | undefined
  readonly maker: Address
  /** The chain's conduit key. */
  readonly conduitKey: Hex
  /** The payment currency: the zero address for native. */
  readonly currency: Address
  /** A listing's price (what the buyer pays, fees included), or what an offer offers. */
  readonly price: bigint
  /** The most the fees may take, in basis points of the price: {@link DEFAULT_MAX_FEE_BPS} by default. */
  readonly maxFeeBps?: bigint | undefined
}

/**
 * A listing: the tokens it sells (ERC-721 or ERC-1155 when `itemType` says) and the collection's required zone, if any.
 */
export interface ListingExpectation extends OrderToSignBasics {
  readonly kind: "listing"
  readonly tokens: ReadonlyArray<NamedToken & { readonly itemType?: 2 | 3 | undefined }>
  readonly requiredZone?: Address | undefined
}

/** An offer for one token; OpenSea's signed zone, when given, may restrict it. */
export interface ItemOfferExpectation extends OrderToSignBasics {
  readonly kind: "item-offer"
  readonly token: NamedToken & { readonly itemType?: 2 | 3 | undefined }
  readonly signedZone?: Address | undefined
}

/** An offer for any token of a collection (or a trait: a criteria root), restricted to OpenSea's signed zone. */
export interface CollectionOfferExpectation extends OrderToSignBasics {
  readonly kind: "collection-offer"
  readonly contract: Address
  /** How many tokens it buys: 1 by default. */
  readonly quantity?: bigint | undefined
  readonly signedZone: Address
}

/** What an order to sign must be. */
export type OrderToSignExpectation = ListingExpectation | ItemOfferExpectation | CollectionOfferExpectation

/**
 * The last second an order starting at `startTime` may end: {@link MAX_EXPIRATION_MONTHS} calendar months on (UTC);
 * `undefined` for a start past what a date can hold.
 */
export const latestEndTime = (startTime: bigint): bigint | undefined => {
  const end = new Date(Number(startTime) * 1000)
  end.setUTCMonth(end.getUTCMonth() + MAX_EXPIRATION_MONTHS)
  const ms = end.getTime()
  return Number.isFinite(ms) ? BigInt(Math.floor(ms / 1000)) : undefined
}

const itemText = (item: OfferItem) =>
  `item type ${item.itemType}, ${item.token} #${item.identifierOrCriteria}, amount ${item.endAmount}`

const isToken = (item: OfferItem, token: NamedToken & { readonly itemType?: 2 | 3 | undefined }): boolean =>
  (token.itemType === undefined
    ? item.itemType === ItemType.ERC721 || item.itemType === ItemType.ERC1155
    : item.itemType === token.itemType) &&
  sameAddress(item.token, token.contract) &&
  item.identifierOrCriteria === token.tokenId &&
  item.endAmount === (token.amount ?? 1n)

const isCurrency = (item: OfferItem, currency: Address): boolean =>
  item.itemType === (currency.toLowerCase() === zeroAddress ? ItemType.NATIVE : ItemType.ERC20) &&
  sameAddress(item.token, currency) &&
  item.identifierOrCriteria === 0n

/** Builds the refusal of one rule, in the error of the order's book. */
type Refuse = (
  check: OrderCheckRule,
  short: string,
  facts?: Record<string, string | bigint | number | undefined>,
) => OrderCheckError

/**
 * What every order must be: the maker's, fixed amounts none of them zero, an order type tradekit signs, the chain's
 * conduit key, ending after it starts and at most six months on.
 */
const basicsRefusal = (
  refuse: Refuse,
  expect: OrderToSignExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  if (!sameAddress(components.offerer, expect.maker)) {
    return refuse("offerer", "The order to sign is not the maker's", {
      Expected: expect.maker,
      Got: components.offerer,
    })
  }
  for (const item of [...components.offer, ...components.consideration]) {
    if (item.startAmount === 0n || item.endAmount === 0n)
      return refuse("zero-amount", "The order to sign has an item of amount zero", { Got: itemText(item) })
    if (item.startAmount !== item.endAmount) {
      return refuse("price", "The order to sign changes its price over time", {
        Got: `${item.startAmount} to ${item.endAmount}`,
      })
    }
  }
  if (components.orderType > OrderType.PARTIAL_RESTRICTED)
    return refuse("order", "The order to sign is not an order type tradekit signs (a contract order)", {
      Got: components.orderType,
    })
  if (components.conduitKey.toLowerCase() !== expect.conduitKey.toLowerCase()) {
    return refuse("conduit", "The order to sign names another conduit than the chain's", {
      Expected: expect.conduitKey,
      Got: components.conduitKey,
    })
  }
  const latest = latestEndTime(components.startTime)
  if (latest === undefined || components.endTime <= components.startTime || components.endTime > latest) {
    return refuse(
      "expiry",
      `The order to sign must end after it starts and at most ${MAX_EXPIRATION_MONTHS} months on`,
      {
        Expected: `after ${components.startTime}, at most ${latest}`,
        Got: components.endTime,
      },
    )
  }
  return undefined
}

/**
 * A listing offers exactly the named tokens and pays the maker first, in the named currency, the named price in all;
 * its zone is zero or the collection's required one.
 */
const listingRefusal = (
  refuse: Refuse,
  expect: ListingExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  const { offer, consideration } = components
  const first = consideration[0]
  if (offer.length !== expect.tokens.length || offer.some((item, index) => !isToken(item, expect.tokens[index]!))) {
    return refuse("token", "The listing offers other tokens than the ones named", {
      Expected: expect.tokens
        .map((token) => `${token.contract} #${token.tokenId}, amount ${token.amount ?? 1n}`)
        .join("; "),
      Got: offer.map(itemText).join("; "),
    })
  }
  if (first === undefined || !isCurrency(first, expect.currency) || !sameAddress(first.recipient, expect.maker)) {
    return refuse("payment", "The listing does not pay the maker first, in the named currency", {
      Expected: `${expect.currency} to ${expect.maker}`,
      Got: first === undefined ? "no consideration" : `${itemText(first)} to ${first.recipient}`,
    })
  }
  const stranger = consideration.find((item) => !isCurrency(item, expect.currency))
  if (stranger !== undefined)
    return refuse("payment", "The listing asks for another currency or a token", { Got: itemText(stranger) })
  const price = orderPrice(components)
  if (price !== expect.price)
    return refuse("price", "The listing's price is not the named price", { Expected: expect.price, Got: price })
  const zone = expect.requiredZone ?? zeroAddress
  if (!sameAddress(components.zone, zeroAddress) && !sameAddress(components.zone, zone)) {
    return refuse("zone", "The listing names a zone the collection does not require", {
      Expected: zone,
      Got: components.zone,
    })
  }
  return undefined
}

/** An item offer asks first for the named token to the maker; its zone is zero or OpenSea's signed zone. */
const itemOfferRefusal = (
  refuse: Refuse,
  expect: ItemOfferExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  const first = components.consideration[0]
  if (first === undefined || !isToken(first, expect.token) || !sameAddress(first.recipient, expect.maker)) {
    return refuse("token", "The offer does not ask for the named token to the maker", {
      Expected: `${expect.token.contract} #${expect.token.tokenId} to ${expect.maker}`,
      Got: first === undefined ? "no consideration" : `${itemText(first)} to ${first.recipient}`,
    })
  }
  const zone = expect.signedZone ?? zeroAddress
  if (!sameAddress(components.zone, zeroAddress) && !sameAddress(components.zone, zone)) {
    return refuse("zone", "The offer names a zone other than OpenSea's signed zone", {
      Expected: zone,
      Got: components.zone,
    })
  }
  return undefined
}

/**
 * A collection offer asks first for a criteria item on the named contract to the maker, restricted to the chain's
 * signed zone.
 */
const collectionOfferRefusal = (
  refuse: Refuse,
  expect: CollectionOfferExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  const criteria: ConsiderationItem | undefined = components.consideration[0]
  if (
    criteria === undefined ||
    !isCriteriaItem(criteria) ||
    !sameAddress(criteria.token, expect.contract) ||
    criteria.endAmount !== (expect.quantity ?? 1n) ||
    !sameAddress(criteria.recipient, expect.maker)
  ) {
    return refuse("token", "The collection offer does not ask for a token of the named collection to the maker", {
      Expected: `a criteria item on ${expect.contract}, amount ${expect.quantity ?? 1n}, to ${expect.maker}`,
      Got: criteria === undefined ? "no consideration" : `${itemText(criteria)} to ${criteria.recipient}`,
    })
  }
  if (components.orderType !== OrderType.FULL_RESTRICTED && components.orderType !== OrderType.PARTIAL_RESTRICTED) {
    return refuse("order", "The collection offer is not restricted to its zone", {
      Expected: "order type 2 or 3",
      Got: components.orderType,
    })
  }
  if (!sameAddress(components.zone, expect.signedZone)) {
    return refuse("zone", "The collection offer names a zone other than OpenSea's signed zone", {
      Expected: expect.signedZone,
      Got: components.zone,
    })
  }
  return undefined
}

/**
 * An offer offers only the named ERC-20 amount, asks first for what its kind asks for, and pays its fees in that
 * currency.
 */
const offerRefusal = (
  refuse: Refuse,
  expect: ItemOfferExpectation | CollectionOfferExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  const [offered, ...more] = components.offer
  if (
    offered === undefined ||
    more.length > 0 ||
    !isCurrency(offered, expect.currency) ||
    offered.endAmount !== expect.price
  ) {
    return refuse("offer", "The offer offers something else than the named currency amount", {
      Expected: `${expect.price} of ${expect.currency}`,
      Got: components.offer.map(itemText).join("; ") || "nothing",
    })
  }
  const asked =
    expect.kind === "item-offer"
      ? itemOfferRefusal(refuse, expect, components)
      : collectionOfferRefusal(refuse, expect, components)
  if (asked !== undefined) return asked
  const stranger = components.consideration.slice(1).find((item) => !isCurrency(item, expect.currency))
  if (stranger !== undefined)
    return refuse("fees", "The offer pays a fee in another currency or asks for another token", {
      Got: itemText(stranger),
    })
  return undefined
}

/** The fees (currency items to others) take at most `maxFeeBps` of the price. */
const feesRefusal = (
  refuse: Refuse,
  expect: OrderToSignExpectation,
  components: OrderComponents,
): OrderCheckError | undefined => {
  const fees = requiredFeeItems(components).reduce((sum, fee) => sum + fee.amount, 0n)
  const maxFeeBps = expect.maxFeeBps ?? DEFAULT_MAX_FEE_BPS
  if (fees * 10_000n > expect.price * maxFeeBps) {
    return refuse("fees", `The order's fees take more than ${maxFeeBps} basis points of its price`, {
      Expected: `at most ${(expect.price * maxFeeBps) / 10_000n}`,
      Got: fees,
    })
  }
  return undefined
}

/**
 * Refuses, before the wallet, an order to sign that is not the one the user named. Every order: the maker's, fixed
 * amounts none of them zero, the chain's conduit key, ending after it starts and at most six months on, its fees
 * (currency items to others) at most `maxFeeBps` of the price and in its currency. A listing offers exactly the named
 * tokens and pays the maker first, in the named currency, the named price in all; its zone is zero or the
 * collection's required one. An item offer offers only the named ERC-20 amount and asks first for the named token to
 * the maker; a collection offer asks first for a criteria item on the named contract to the maker, restricted to the
 * chain's signed zone.
 */
export const checkOrderToSign = Effect.fnUntraced(function* (
  expect: OrderToSignExpectation,
  components: OrderComponents,
): Effect.fn.Return<void, OrderCheckError> {
  const book = expect.book ?? "opensea"
  const refuse: Refuse = (check, short, facts) =>
    OrderCheckError.of({ book, check, short, ...(facts !== undefined ? { facts } : {}) })
  const refused =
    basicsRefusal(refuse, expect, components) ??
    (expect.kind === "listing"
      ? listingRefusal(refuse, expect, components)
      : offerRefusal(refuse, expect, components)) ??
    feesRefusal(refuse, expect, components)
  if (refused !== undefined) return yield* refused
})
