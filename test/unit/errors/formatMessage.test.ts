import { describe, expect, it } from "@effect/vitest"
import { formatMessage } from "../../../src/errors/internal/formatMessage.js"

describe("formatMessage", () => {
  it("puts the meta lines, then the details, each after a blank line", () => {
    expect(formatMessage("Refused", { meta: { Endpoint: "/execute/buy/v7", Chain: 1 }, details: "bad body" })).toBe(
      "Refused\n\nEndpoint: /execute/buy/v7\nChain: 1\n\nDetails: bad body",
    )
  })

  it("leaves out a meta line whose value is undefined, and keeps a short message alone on one line", () => {
    expect(formatMessage("Refused", { meta: { Endpoint: undefined } })).toBe("Refused")
    expect(formatMessage("Refused", { details: "why" })).toBe("Refused\n\nDetails: why")
  })
})
