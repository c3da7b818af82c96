import { type Address, bytesToBigInt, type Hex, zeroAddress, zeroHash } from "viem"
import { feeOf, type PlanContext } from "../book/PlanContext.js"
import { ORDER_COMPONENTS_TYPES } from "../seaport/eip712Types.js"
import { ItemType, OrderType, sameAddress } from "../seaport/SeaportOrder.js"

/** A Seaport item on the wire: amounts and identifiers as decimal strings. */
export interface WireItem {
  readonly itemType: number
  readonly token: Address
  readonly identifierOrCriteria: string
  readonly startAmount: string
  readonly endAmount: string
  readonly recipient?: Address
}

/** Seaport 1.6's EIP-712 domain on the plan's chain. */
export const seaportDomain = (ctx: PlanContext) => ({
  name: "Seaport",
  version: "1.6",
  chainId: ctx.chain.id,
  verifyingContract: ctx.config.seaport,
})

/** An item of `amount` (a whole fill: start and end alike). */
export const wireItem = (
  itemType: number,
  token: Address,
  identifier: string,
  amount: bigint,
  recipient?: Address,
): WireItem => ({
  itemType,
  token,
  identifierOrCriteria: identifier,
  startAmount: amount.toString(),
  endAmount: amount.toString(),
  ...(recipient !== undefined ? { recipient } : {}),
})

/** A currency's item type: native for the zero address, else ERC-20. */
export const currencyItemType = (currency: Address): number =>
  currency === zeroAddress ? ItemType.NATIVE : ItemType.ERC20

/**
 * The fee items of a price, each to its recipient, in `currency`; a fee that comes to nothing has none (OpenSea refuses
 * zero-amount items).
 */
export const feeItems = (
  fees: ReadonlyArray<{ readonly recipient: Address; readonly basisPoints: bigint }>,
  currency: Address,
  price: bigint,
): ReadonlyArray<WireItem> =>
  fees.flatMap((fee) => {
    const amount = feeOf(price, fee.basisPoints)
    return amount === 0n ? [] : [wireItem(currencyItemType(currency), currency, "0", amount, fee.recipient)]
  })

/** A fresh random salt (256 bits), as a decimal string. */
export const randomSalt = (): string => bytesToBigInt(crypto.getRandomValues(new Uint8Array(32))).toString()

/** The parts of an order a plan decides. */
export interface OrderTerms {
  readonly offerer: Address
  readonly offer: ReadonlyArray<WireItem>
  readonly consideration: ReadonlyArray<WireItem>
  readonly orderType: number
  readonly startTime: bigint
  readonly endTime: bigint
  readonly zone?: Address | undefined
  readonly zoneHash?: Hex | undefined
  readonly counter: bigint
}

/**
 * The post of a signed order, to the route OpenSea takes it on, without its signature (the book adds it): a
 * listing or an item offer as `{ parameters, protocol_address }`, a criteria offer as `{ protocol_data, criteria,
 * protocol_address }`.
 */
const postOf = (
  ctx: PlanContext,
  post: { readonly kind: string; readonly slug?: string },
  parameters: Record<string, unknown>,
) =>
  post.kind === "collection-offer"
    ? {
        endpoint: "/api/v2/offers",
        method: "POST",
        body: {
          protocol_data: { parameters },
          criteria: { collection: { slug: post.slug } },
          protocol_address: ctx.config.seaport,
        },
      }
    : {
        endpoint: `/api/v2/orders/${ctx.chainName}/seaport/${post.kind === "item-offer" ? "offers" : "listings"}`,
        method: "POST",
        body: { parameters, protocol_address: ctx.config.seaport },
      }

/**
 * A signature item for an order: the EIP-712 `OrderComponents` to sign (the chain's conduit key, a fresh salt,
 * the offerer's counter) and its post to OpenSea.
 */
export const orderSignatureItem = (
  ctx: PlanContext,
  terms: OrderTerms,
  post: { readonly kind: string; readonly slug?: string },
) => {
  const components = {
    offerer: terms.offerer,
    zone: terms.zone ?? zeroAddress,
    offer: terms.offer,
    consideration: terms.consideration,
    orderType: terms.orderType,
    startTime: terms.startTime.toString(),
    endTime: terms.endTime.toString(),
    zoneHash: terms.zoneHash ?? zeroHash,
    salt: randomSalt(),
    conduitKey: ctx.config.conduitKey,
    counter: terms.counter.toString(),
  }
  return {
    status: "incomplete",
    data: {
      sign: {
        signatureKind: "eip712",
        domain: seaportDomain(ctx),
        types: ORDER_COMPONENTS_TYPES,
        primaryType: "OrderComponents",
        value: components,
      },
      post: postOf(ctx, post, { ...components, totalOriginalConsiderationItems: terms.consideration.length }),
    },
  }
}

/** Seconds an order made without an expiration time lasts: 30 days. */
export const DEFAULT_ORDER_SECONDS = 30n * 24n * 3600n

/**
 * The end time of an order: the caller's `expirationTime` (seconds) when given, else {@link DEFAULT_ORDER_SECONDS} from
 * now.
 */
export const endTimeOf = (expirationTime: unknown, now: bigint): bigint => {
  const given = typeof expirationTime === "number" || typeof expirationTime === "string" ? Number(expirationTime) : 0
  return Number.isFinite(given) && given > 0 ? BigInt(Math.floor(given)) : now + DEFAULT_ORDER_SECONDS
}

/**
 * A listing's order type: partial fills for ERC-1155 only, and restricted when it names a zone — Seaport asks the
 * zone only about a restricted order, so a collection's `required_zone` is enforced only then (opensea-js sets
 * `restrictedByZone: zone !== zero`).
 */
export const restrictedOrderType = (partial: boolean, zone: Address | undefined): number => {
  const restricted = zone !== undefined && !sameAddress(zone, zeroAddress)
  if (restricted) return partial ? OrderType.PARTIAL_RESTRICTED : OrderType.FULL_RESTRICTED
  return partial ? OrderType.PARTIAL_OPEN : OrderType.FULL_OPEN
}
