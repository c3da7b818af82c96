import * as Effect from "effect/Effect"
import { type Address, zeroAddress } from "viem"
import { OrderCheckError, type OrderCheckRule } from "../../../errors/OrderCheckError.js"
import { type BookTransaction, decodeSeaportCall, type SeaportFulfilment } from "./decodeSeaportCall.js"
import { leastOf, mostOf } from "./fillAmounts.js"
import { matchNamedOrders, type NamedOrder } from "./matchNamedOrders.js"
import { ItemType, isCriteriaItem, isCurrencyItem, type OfferItem, OrderType, sameAddress } from "./SeaportOrder.js"
import { orderHashOf } from "./seaportOrderHash.js"

/** A token the user named: its contract, its id, and for an ERC-1155 how many (1 by default). */
export interface NamedToken {
  readonly contract: Address
  readonly tokenId: bigint
  readonly amount?: bigint | undefined
}

/** What every fulfilment check knows: the chain's Seaport, who sends, and who gets what the orders offer. */
interface FulfilmentBasics {
  /** The book, in the error (`opensea` by default). */
  readonly book?: string | undefined
  readonly seaport: Address
  readonly taker: Address
  /** Who receives the offered items: the taker by default. */
  readonly recipient?: Address | undefined
}

/**
 * Part of a listing bought: `quantity` of the `units` it sells, a fill fraction of exactly `quantity/units` (Seaport's
 * `numerator/denominator`, reduced or not).
 */
export interface UnitsBought {
  readonly quantity: bigint
  readonly units: bigint
}

/**
 * A buy: the listings named (each with the token it sells and, when a quantity was asked, the units bought) and the
 * most the checked price pays, per currency.
 */
export interface BuyExpectation extends FulfilmentBasics {
  readonly side: "buy"
  readonly orders: ReadonlyArray<NamedOrder & { readonly token: NamedToken; readonly fill?: UnitsBought | undefined }>
  /**
   * The checked price per currency (the zero address: native), in the chain's units. A currency not here is not paid.
   */
  readonly maxPayment: ReadonlyMap<Address, bigint>
}

/** A sale into an offer: the offer named, the token sold, and the least the taker must receive. */
export interface SellExpectation extends FulfilmentBasics {
  readonly side: "sell"
  readonly orders: ReadonlyArray<NamedOrder>
  readonly sellToken: NamedToken
  readonly minReceive: { readonly currency: Address; readonly amount: bigint }
}

/** What a fulfilment must be: a buy or a sale. */
export type FulfilmentExpectation = BuyExpectation | SellExpectation

/** A currency's key in the sums: the token, the zero address for native, lowercased. */
const currencyKey = (item: OfferItem): string =>
  item.itemType === ItemType.NATIVE ? zeroAddress : item.token.toLowerCase()

const addTo = (sums: Map<string, bigint>, key: string, amount: bigint) => sums.set(key, (sums.get(key) ?? 0n) + amount)

/**
 * Refuses, before the wallet, a fulfilment that is not the one the user named at the checked price. The call must go
 * to the chain's Seaport and fill exactly the named orders (each hash recomputed from the carried parameters at the
 * named counter), with the offered items going to the recipient. A buy gets only the named tokens, exactly the
 * fraction `quantity/units` of a listing bought in part, and pays, per currency, at most the checked price (every
 * consideration item, tips included, at its largest amount and the fill fraction rounded up; `value` at most the
 * native price) and is never a match. A sale gives only the named token
 * (criteria resolved to its id), sends no native value, pays nothing in another currency, and leaves the taker at
 * least `minReceive`: the offer less the items the fulfiller pays in the offer's currency (the required fees) — or,
 * sold by a match (OpenSea's way into a collection offer), what the taker's own order asks for the recipient, that
 * order offering only the named token.
 */
export const checkFulfillment = Effect.fnUntraced(function* (
  expect: FulfilmentExpectation,
  transaction: BookTransaction,
): Effect.fn.Return<void, OrderCheckError> {
  const book = expect.book ?? "opensea"
  const refuse = (check: OrderCheckRule, short: string, facts?: Record<string, string | bigint | number | undefined>) =>
    OrderCheckError.of({ book, check, short, ...(facts !== undefined ? { facts } : {}) })
  if (!sameAddress(transaction.to, expect.seaport)) {
    return yield* refuse("target", "The fulfilment does not call the chain's Seaport", {
      Expected: expect.seaport,
      Got: transaction.to,
    })
  }
  const call = yield* decodeSeaportCall(transaction, book)
  if (call.function === "cancel")
    return yield* refuse("function", "The fulfilment is a cancel", { Function: call.function })
  for (const [index, order] of call.orders.entries()) {
    const { numerator, denominator, parameters } = order
    if (denominator === 0n || numerator === 0n || numerator > denominator) {
      return yield* refuse("fraction", "An order's fill fraction is not between 0 and 1", {
        Order: index,
        Got: `${numerator}/${denominator}`,
      })
    }
    if (parameters.orderType === OrderType.CONTRACT) {
      return yield* refuse(
        "order",
        "The fulfilment fills a contract order, whose items its offerer decides at fill time",
        { Order: index },
      )
    }
    if (parameters.totalOriginalConsiderationItems > BigInt(parameters.consideration.length)) {
      return yield* refuse("order", "An order carries fewer consideration items than it was signed with", {
        Order: index,
        Expected: `at least ${parameters.totalOriginalConsiderationItems}`,
        Got: parameters.consideration.length,
      })
    }
  }
  const isMatch = call.function === "matchOrders" || call.function === "matchAdvancedOrders"
  if (isMatch && expect.side === "buy")
    return yield* refuse("function", "A buy is never a match of orders", { Function: call.function })
  // In a match the seller's own order (unsigned: the caller is its offerer) gives the token for the offer.
  const named = call.orders.flatMap((order, index) =>
    isMatch && sameAddress(order.parameters.offerer, expect.taker) ? [] : [index],
  )
  const match = matchNamedOrders(
    named.length,
    (index, counter) => orderHashOf(call.orders[named[index]!]!.parameters, counter),
    expect.orders,
  )
  if ("stranger" in match) {
    const stranger = call.orders[named[match.stranger]!]!.parameters
    return yield* refuse("order", "The fulfilment fills an order the user did not name", {
      Expected: expect.orders.map((order) => order.hash).join(", "),
      Got: `an order of ${stranger.offerer} (salt ${stranger.salt})`,
    })
  }
  if ("missing" in match) {
    return yield* refuse("order", "The fulfilment leaves out an order the user named", { Expected: match.missing.hash })
  }
  const recipient = expect.recipient ?? expect.taker
  const gets = call.recipient === "caller" ? expect.taker : call.recipient
  if (!sameAddress(gets, recipient)) {
    return yield* refuse("recipient", "The fulfilment sends the orders' items to someone else", {
      Expected: recipient,
      Got: gets,
    })
  }
  return yield* expect.side === "buy"
    ? checkBuy(expect, call, match.matched as BuyExpectation["orders"], refuse)
    : checkSale(expect, call, isMatch ? (index) => !named.includes(index) : () => false, refuse)
})

type Refuse = (
  check: OrderCheckRule,
  short: string,
  facts?: Record<string, string | bigint | number | undefined>,
) => OrderCheckError

const sameToken = (item: OfferItem, token: NamedToken, identifier = item.identifierOrCriteria): boolean =>
  (item.itemType === ItemType.ERC721 || item.itemType === ItemType.ERC1155 || isCriteriaItem(item)) &&
  sameAddress(item.token, token.contract) &&
  identifier === token.tokenId

const checkBuy = Effect.fnUntraced(function* (
  expect: BuyExpectation,
  call: SeaportFulfilment,
  named: BuyExpectation["orders"],
  refuse: Refuse,
): Effect.fn.Return<void, OrderCheckError> {
  const recipient = expect.recipient ?? expect.taker
  const max = new Map([...expect.maxPayment].map(([currency, amount]) => [currency.toLowerCase(), amount]))
  if (call.value > (max.get(zeroAddress) ?? 0n)) {
    return yield* refuse("value", "The fulfilment sends more native currency than the checked price", {
      Expected: `at most ${max.get(zeroAddress) ?? 0n}`,
      Got: call.value,
    })
  }
  if (call.criteriaResolvers.length > 0)
    return yield* refuse("criteria", "A buy resolves criteria, which no listing needs", {
      Got: call.criteriaResolvers.length,
    })
  const paid = new Map<string, bigint>()
  for (const [index, order] of call.orders.entries()) {
    const { token, fill } = named[index]!
    // The units asked, no more (paid in full) and no fewer (paid for, never delivered): the fraction is exact.
    if (fill !== undefined && order.numerator * fill.units !== fill.quantity * order.denominator) {
      return yield* refuse("fraction", "The fulfilment fills another share of the listing than the quantity asked", {
        Order: index,
        Expected: `${fill.quantity}/${fill.units}`,
        Got: `${order.numerator}/${order.denominator}`,
      })
    }
    for (const item of order.parameters.offer) {
      if (isCriteriaItem(item) || !sameToken(item, token)) {
        return yield* refuse("token", "A listing offers another token than the one named", {
          Expected: `${token.contract} #${token.tokenId}`,
          Got: `${item.token} #${item.identifierOrCriteria} (item type ${item.itemType})`,
        })
      }
    }
    for (const item of order.parameters.consideration) {
      if (isCurrencyItem(item)) addTo(paid, currencyKey(item), mostOf(item, order))
      else if (!sameAddress(item.recipient, recipient) && !sameAddress(item.recipient, expect.taker)) {
        return yield* refuse("recipient", "A listing asks the buyer for a token, to someone else", {
          Got: `${item.token} #${item.identifierOrCriteria} to ${item.recipient}`,
        })
      }
    }
  }
  for (const [currency, amount] of paid) {
    const most = max.get(currency) ?? 0n
    if (amount > most) {
      return yield* refuse("payment", "The fulfilment pays more than the checked price", {
        Currency: currency,
        Expected: `at most ${most}`,
        Got: amount,
      })
    }
  }
})

const checkSale = Effect.fnUntraced(function* (
  expect: SellExpectation,
  call: SeaportFulfilment,
  isOwn: (order: number) => boolean,
  refuse: Refuse,
): Effect.fn.Return<void, OrderCheckError> {
  const { sellToken, minReceive } = expect
  const recipient = expect.recipient ?? expect.taker
  const currency = minReceive.currency.toLowerCase()
  const isMatch = call.function === "matchOrders" || call.function === "matchAdvancedOrders"
  if (call.value > 0n) return yield* refuse("value", "A sale sends native currency", { Expected: "0", Got: call.value })
  const resolved = new Map<string, bigint>()
  for (const resolver of call.criteriaResolvers) {
    const item = call.orders[Number(resolver.orderIndex)]?.parameters.consideration[Number(resolver.index)]
    if (
      resolver.side !== 1 ||
      item === undefined ||
      !isCriteriaItem(item) ||
      resolver.identifier !== sellToken.tokenId
    ) {
      return yield* refuse("criteria", "A criteria resolver picks another token than the one sold", {
        Expected: `consideration item resolved to #${sellToken.tokenId}`,
        Got: `side ${resolver.side}, order ${resolver.orderIndex}, item ${resolver.index}, #${resolver.identifier}`,
      })
    }
    resolved.set(`${resolver.orderIndex}:${resolver.index}`, resolver.identifier)
  }
  const otherToken = (item: OfferItem, identifier: bigint | undefined) =>
    refuse("token", "The sale gives another token than the one named", {
      Expected: `${sellToken.contract} #${sellToken.tokenId}`,
      Got: `${item.token} #${identifier ?? "unresolved criteria"}`,
    })
  const otherCurrency = (item: OfferItem) =>
    refuse("payment", "The sale makes the seller pay in another currency", {
      Expected: minReceive.currency,
      Got: currencyKey(item),
    })
  // What the seller gets: in a fulfilment, the offer less what the fulfiller pays; in a match, what the seller's own
  // order asks (Seaport meets it in full or reverts). What it gives: the tokens the fulfiller pays, or its order
  // offers.
  let received = 0n
  let given = 0n
  for (const [orderIndex, order] of call.orders.entries()) {
    if (isOwn(orderIndex)) {
      for (const item of order.parameters.offer) {
        if (isCurrencyItem(item) || isCriteriaItem(item) || !sameToken(item, sellToken))
          return yield* otherToken(item, item.identifierOrCriteria)
        given += mostOf(item, order)
      }
      for (const item of order.parameters.consideration) {
        if (!isCurrencyItem(item) || currencyKey(item) !== currency) return yield* otherCurrency(item)
        if (sameAddress(item.recipient, recipient)) received += leastOf(item, order)
      }
      continue
    }
    for (const item of order.parameters.offer) {
      if (!isCurrencyItem(item) || currencyKey(item) !== currency) {
        return yield* refuse("offer", "The offer offers something else than the checked currency", {
          Expected: minReceive.currency,
          Got: `${item.token} (item type ${item.itemType})`,
        })
      }
      if (!isMatch) received += leastOf(item, order)
    }
    for (const [index, item] of order.parameters.consideration.entries()) {
      if (isCurrencyItem(item)) {
        if (currencyKey(item) !== currency) return yield* otherCurrency(item)
        if (!isMatch) received -= mostOf(item, order)
        continue
      }
      const identifier = isCriteriaItem(item) ? resolved.get(`${orderIndex}:${index}`) : item.identifierOrCriteria
      if (identifier === undefined || !sameToken(item, sellToken, identifier))
        return yield* otherToken(item, identifier)
      if (!isMatch) given += mostOf(item, order)
    }
  }
  const amount = sellToken.amount ?? 1n
  if (given > amount) {
    return yield* refuse("token", "The sale gives more of the token than named", {
      Expected: `at most ${amount}`,
      Got: given,
    })
  }
  if (received < minReceive.amount) {
    return yield* refuse("sale", "The sale pays the seller less than the checked amount", {
      Currency: minReceive.currency,
      Expected: `at least ${minReceive.amount}`,
      Got: received,
    })
  }
})
