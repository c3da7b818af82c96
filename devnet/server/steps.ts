/**
 * Building blocks of the execute answers: step and item shapes, the transaction check, path entries and
 * order serialisation, as the reservoir API spells them.
 */
import { type Address, formatUnits, type Hex, toHex, zeroAddress } from "viem"
import { Criteria, exchangeDomain, type Order, OrderSide, orderTypes, TokenKind } from "../chain/orders.js"
import type { CurrencyInfo } from "../core/catalog.js"
import type { BookOrder } from "../core/orderBook.js"
import type { DevnetContext } from "./context.js"
import { HttpError } from "./http.js"

/** Where the devnet says its orders come from. */
export const SOURCE = "devnet"

/** A transaction to send, as an item's `data`. */
export interface TxData {
  readonly from: Address
  readonly to: Address
  readonly data: Hex
  readonly value: string
  readonly chainId?: number
}

/** The check every devnet transaction item carries: the status endpoint, answered from the indexer. */
export const transactionCheck = {
  endpoint: "/execute/status/v1",
  method: "POST",
  body: { kind: "transaction" },
} as const

export interface StepShape {
  readonly id: string
  readonly action: string
  readonly description: string
  readonly kind: "transaction" | "signature"
  readonly items: ReadonlyArray<Record<string, unknown>>
}

export function step(
  id: string,
  kind: StepShape["kind"],
  action: string,
  description: string,
  items: ReadonlyArray<Record<string, unknown>>,
): StepShape {
  return { id, action, description, kind, items }
}

export function txItem(data: TxData, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: "incomplete", data, ...extra }
}

/**
 * Several transactions of one account as one step each: the executor runs a step's items concurrently,
 * and two concurrent sends from one account would race for the same nonce.
 */
export function oneStepPerItem(
  id: string,
  action: string,
  description: string,
  items: ReadonlyArray<Record<string, unknown>>,
): StepShape[] {
  return items.length === 0
    ? [step(id, "transaction", action, description, [])]
    : items.map((item) => step(id, "transaction", action, description, [item]))
}

/** A fresh 32-byte request id. */
export function newRequestId(): Hex {
  return toHex(crypto.getRandomValues(new Uint8Array(32)))
}

export function currencyOf(ctx: DevnetContext, chainId: number, address: Address): CurrencyInfo {
  const currency = ctx.catalog.currency(chainId, address)
  if (currency === undefined) throw new HttpError(400, `Currency ${address} is not supported on chain ${chainId}`)
  return currency
}

/** One path entry for a price in a currency. */
export function pathEntry(
  currency: CurrencyInfo,
  price: bigint,
  fields: { orderId?: Hex; contract: Address; tokenId?: bigint; quantity: bigint },
): Record<string, unknown> {
  return {
    ...(fields.orderId !== undefined ? { orderId: fields.orderId } : {}),
    contract: fields.contract,
    ...(fields.tokenId !== undefined ? { tokenId: fields.tokenId.toString() } : {}),
    quantity: Number(fields.quantity),
    source: SOURCE,
    currency: currency.address,
    currencySymbol: currency.symbol,
    currencyDecimals: currency.decimals,
    quote: Number(formatUnits(price, currency.decimals)),
    rawQuote: price.toString(),
  }
}

/** The path entry of an order in the book. */
export function orderPathEntry(ctx: DevnetContext, o: BookOrder, tokenId = o.order.tokenId): Record<string, unknown> {
  return pathEntry(currencyOf(ctx, o.chainId, o.order.currency), o.order.price, {
    orderId: o.id,
    contract: o.order.collection,
    tokenId,
    quantity: o.order.amount,
  })
}

/** No relayer on same-chain executions: a zero fee in the chain's native currency. */
export function zeroFees(): Record<string, unknown> {
  return {
    relayer: { currency: { contract: zeroAddress, decimals: 18, symbol: "ETH" }, amount: { raw: "0", decimal: 0 } },
  }
}

/** An order as plain JSON (uint fields as decimal strings, fees included). */
export function orderJson(order: Order): Record<string, unknown> {
  return {
    ...Object.fromEntries(Object.entries(order).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v])),
    fees: order.fees.map((fee) => ({ recipient: fee.recipient, amount: fee.amount.toString() })),
  }
}

/** Parses an order back from its JSON form, refusing anything that is not a complete order. */
export function orderFromJson(value: unknown): Order {
  const o = value as Record<string, unknown>
  /** One of the uint8 codes of an enum field (side, token kind, criteria). */
  const code = (k: string, codes: Readonly<Record<string, number>>) => {
    const v = o?.[k]
    if (typeof v !== "number" && typeof v !== "string") throw new HttpError(400, `order.${k} is missing`)
    const n = Number(v)
    if (!Object.values(codes).includes(n)) {
      throw new HttpError(
        400,
        `order.${k} must be ${Object.entries(codes)
          .map(([meaning, c]) => `${c} (${meaning})`)
          .join(" or ")}`,
      )
    }
    return n
  }
  const big = (k: string, from: Record<string, unknown> | undefined = o, name = `order.${k}`) => {
    const v = from?.[k]
    if (typeof v !== "number" && typeof v !== "string") throw new HttpError(400, `${name} is missing`)
    let n: bigint
    try {
      n = BigInt(v)
    } catch {
      throw new HttpError(400, `${name} must be an integer`)
    }
    if (n < 0n || n >= 2n ** 256n) throw new HttpError(400, `${name} must be a uint256`)
    return n
  }
  const addr = (k: string, from: Record<string, unknown> | undefined = o, name = `order.${k}`) => {
    const v = from?.[k]
    if (typeof v !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new HttpError(400, `${name} must be an address`)
    return v as Address
  }
  // An order without `fees` is one without fees, as orders were before the Exchange paid them.
  const rawFees = o?.fees ?? []
  if (!Array.isArray(rawFees)) throw new HttpError(400, "order.fees must be an array of {recipient, amount}")
  const fees = rawFees.map((raw: unknown, i) => {
    const fee = raw as Record<string, unknown> | undefined
    return {
      recipient: addr("recipient", fee, `order.fees[${i}].recipient`),
      amount: big("amount", fee, `order.fees[${i}].amount`),
    }
  })
  const root = o?.tokenSetRoot
  if (typeof root !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(root))
    throw new HttpError(400, "order.tokenSetRoot must be 32 bytes")
  return {
    side: code("side", OrderSide) as Order["side"],
    maker: addr("maker"),
    collection: addr("collection"),
    tokenKind: code("tokenKind", TokenKind) as Order["tokenKind"],
    tokenId: big("tokenId"),
    amount: big("amount"),
    currency: addr("currency"),
    price: big("price"),
    criteria: code("criteria", Criteria) as Order["criteria"],
    tokenSetRoot: root as Hex,
    expiry: big("expiry"),
    nonce: big("nonce"),
    salt: big("salt"),
    fees,
  }
}

/** The eip712 `sign` payload of an Exchange order. */
export function orderSign(chainId: number, exchange: Address, order: Order): Record<string, unknown> {
  return {
    signatureKind: "eip712",
    domain: exchangeDomain(chainId, exchange),
    types: orderTypes,
    primaryType: "Order",
    value: orderJson(order),
  }
}

/** A random 64-bit salt. */
export function randomSalt(): bigint {
  return crypto.getRandomValues(new Uint8Array(8)).reduce((acc, b) => (acc << 8n) | BigInt(b), 0n)
}

/** An execute answer. */
export function executeResponse(
  steps: ReadonlyArray<StepShape>,
  path: ReadonlyArray<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
) {
  return { requestId: newRequestId(), steps, path, fees: zeroFees(), ...extra }
}
