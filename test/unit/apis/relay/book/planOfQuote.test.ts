import { describe, expect, it } from "vitest"
import { planOfQuote } from "../../../../../src/apis/relay/book/planOfQuote.js"
import type { QuoteAnswer } from "../../../../../src/apis/relay/wire/quote.js"

const ORDER = `0x${"ab".repeat(32)}` as const
const quote: QuoteAnswer = {
  steps: [
    {
      id: "deposit",
      kind: "transaction",
      requestId: `0x${"cd".repeat(32)}`,
      items: [
        {
          status: "incomplete",
          data: { to: "0x1" },
          check: { endpoint: "https://evil.example/status", method: "GET" },
        },
      ],
    },
  ],
  fees: {
    relayer: {
      currency: { address: "0x0000000000000000000000000000000000000000", symbol: "ETH", decimals: 18 },
      amount: "1000",
      amountFormatted: "0.000000000000001",
    },
  },
}

describe("planOfQuote", () => {
  it("points every item's check at Relay's status route for the checked order, never the quote's endpoint", () => {
    const plan = planOfQuote(quote, ORDER) as any
    expect(plan.requestId).toBe(ORDER)
    expect(plan.steps[0].items[0].check).toEqual({ endpoint: `/intents/status/v3?requestId=${ORDER}`, method: "GET" })
    expect(plan.steps[0].items[0].data).toEqual({ to: "0x1" })
  })

  it("carries Relay's relayer fee in tradekit's shape", () => {
    expect((planOfQuote(quote, ORDER) as any).fees).toEqual({
      relayer: {
        currency: { contract: "0x0000000000000000000000000000000000000000", decimals: 18, symbol: "ETH" },
        amount: { raw: "1000", decimal: 1e-15 },
      },
    })
  })

  it("a quote trusted without protocol data keeps Relay's own request id", () => {
    const plan = planOfQuote(quote, undefined) as any
    expect(plan.requestId).toBe(`0x${"cd".repeat(32)}`)
    expect(plan.steps[0].items[0].check.endpoint).toBe(`/intents/status/v3?requestId=0x${"cd".repeat(32)}`)
  })
})
