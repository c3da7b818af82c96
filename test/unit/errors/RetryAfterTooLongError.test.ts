import { describe, expect, it } from "vitest"
import { RetryAfterTooLongError } from "../../../src/errors/RetryAfterTooLongError.js"

describe("RetryAfterTooLongError.of", () => {
  it("says both waits in whole seconds, rounded up, with the endpoint and status", () => {
    const error = RetryAfterTooLongError.of({
      endpoint: "/execute/buy/v7",
      statusCode: 429,
      retryAfterMs: 120_001,
      maxRetryAfterMs: 60_000,
    })
    expect(error).toMatchObject({ endpoint: "/execute/buy/v7", statusCode: 429, retryAfterMs: 120_001 })
    expect(error.message).toBe(
      "The API asked to wait 121 s before trying again, longer than tradekit waits (60 s)\n\nEndpoint: /execute/buy/v7\nStatus code: 429",
    )
  })
})
