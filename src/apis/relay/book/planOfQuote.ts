import type { Hex } from "viem"
import { STATUS_ROUTE } from "../wire/intentStatus.js"
import type { QuoteAnswer } from "../wire/quote.js"

/** Relay's relayer fee, in the shape of tradekit's plan (`fees.relayer`). */
const relayerFeeOf = (quote: QuoteAnswer) => {
  const fee = quote.fees?.relayer
  if (fee?.currency === undefined || fee.amount === undefined) return undefined
  return {
    currency: { contract: fee.currency.address, decimals: fee.currency.decimals, symbol: fee.currency.symbol },
    amount: {
      raw: fee.amount,
      ...(fee.amountFormatted !== undefined ? { decimal: Number(fee.amountFormatted) } : {}),
    },
  }
}

/**
 * A checked quote as tradekit's plan: Relay's steps, each transaction item's status check pointed at Relay's status
 * route for the checked order (never an endpoint the quote names), the order id as the plan's request id, and the
 * relayer's fee. `orderId` is undefined only for a quote trusted without protocol data: its items keep Relay's own
 * request id.
 */
export const planOfQuote = (quote: QuoteAnswer, orderId: Hex | undefined): unknown => {
  const steps = (quote.steps as ReadonlyArray<Record<string, unknown>>).map((step) => {
    const requestId = orderId ?? (typeof step.requestId === "string" ? step.requestId : undefined)
    const items = (step.items as ReadonlyArray<Record<string, unknown>> | undefined) ?? []
    return {
      ...step,
      items: items.map((item) => ({
        ...item,
        ...(requestId === undefined
          ? {}
          : { check: { endpoint: `${STATUS_ROUTE}?requestId=${requestId}`, method: "GET" } }),
      })),
    }
  })
  const relayer = relayerFeeOf(quote)
  const first = (quote.steps[0] ?? {}) as { readonly requestId?: unknown }
  const requestId = orderId ?? (typeof first.requestId === "string" ? first.requestId : undefined)
  return {
    steps,
    ...(relayer !== undefined ? { fees: { relayer } } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  }
}
