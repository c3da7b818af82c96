import { describe, expect, it } from "vitest"
import { BatchRefusalReason, BatchRefusedError } from "../../../src/errors/BatchRefusedError.js"

describe("BatchRefusedError.of", () => {
  it("words every reason, each differently, and always says nothing was sent", () => {
    const firstLines = BatchRefusalReason.literals.map(
      (reason) => BatchRefusedError.of({ code: undefined, reason }).message.split("\n")[0]!,
    )
    expect(new Set(firstLines).size).toBe(BatchRefusalReason.literals.length)
    for (const line of firstLines) expect(line).toMatch(/^The wallet refused the batch: .+\. Nothing was sent$/)
  })

  it("keeps the wallet's code and own text, and its cause when there is one", () => {
    const cause = new Error("5740")
    const error = BatchRefusedError.of({ code: 5740, reason: "too-large", details: "max 10 calls", cause })
    expect(error).toMatchObject({ code: 5740, reason: "too-large", cause })
    expect(error.message).toBe(
      "The wallet refused the batch: the batch has more calls than it takes. Nothing was sent\n\nCode: 5740\n\nDetails: max 10 calls",
    )
    expect(BatchRefusedError.of({ code: undefined, reason: "wallet-error" })).not.toHaveProperty("cause")
  })
})
