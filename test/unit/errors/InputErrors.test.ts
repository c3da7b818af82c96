import { describe, expect, it } from "@effect/vitest"
import { BidDataMissingError, MissingChainConfigurationError, NoOrderIdsError } from "../../../src/errors/index.js"

describe("input errors", () => {
  it("carry reservoir-sdk's messages when given none, as the facade's callers match them", () => {
    expect(new NoOrderIdsError({}).message).toBe("No order ids specified")
    expect(new BidDataMissingError({ bid: {} }).message).toBe("Some bid data is missing")
    expect(new MissingChainConfigurationError({}).message).toBe("ReservoirClient missing chain configuration")
  })

  it("keep what was wrong: the bid as given, the chain asked for", () => {
    const bid = { weiPrice: "1", attributeKey: "Hat" }
    expect(new BidDataMissingError({ bid })).toMatchObject({ _tag: "BidDataMissingError", bid })
    expect(new MissingChainConfigurationError({ chainId: 999 })).toMatchObject({ chainId: 999 })
  })

  it("are Errors with their tags, for a Promise rejection", () => {
    for (const error of [new NoOrderIdsError({}), new MissingChainConfigurationError({ message: "custom" })]) {
      expect(error).toBeInstanceOf(Error)
    }
    expect(new MissingChainConfigurationError({ message: "custom" }).message).toBe("custom")
  })
})
