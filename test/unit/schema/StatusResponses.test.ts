import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { CheckResponse, PostResponse, TransfersResponse } from "../../../src/schema/StatusResponses.js"

const hash = `0x${"cd".repeat(32)}`
const fails = <S extends Schema.Top>(schema: S, input: unknown): boolean =>
  Result.isFailure(Schema.decodeUnknownResult(schema as never)(input))

describe("StatusResponses", () => {
  it("decodes a check answer, every field optional", () => {
    expect(Schema.decodeUnknownSync(CheckResponse)({})).toEqual({})
    const done = { status: "success", txHashes: [hash], synced: true, destinationChainId: 8453 }
    expect(Schema.decodeUnknownSync(CheckResponse)(done)).toEqual(done)
  })

  it("refuses a check answer with a malformed hash or a non-boolean synced", () => {
    expect(fails(CheckResponse, { txHashes: ["0x12"] })).toBe(true)
    expect(fails(CheckResponse, { synced: "yes" })).toBe(true)
  })

  it("decodes the transfers an indexer saw, and refuses one without its hash", () => {
    const transfers = { transfers: [{ txHash: hash, token: { contract: "0xabc", tokenId: "1" }, amount: 1 }] }
    expect(Schema.decodeUnknownSync(TransfersResponse)(transfers)).toEqual(transfers)
    expect(fails(TransfersResponse, { transfers: [{ amount: 1 }] })).toBe(true)
  })

  it("decodes a post answer of several orders or of a single one", () => {
    const several = { results: [{ orderId: "a", crossPostingOrderId: null, orderIndex: 0 }] }
    expect(Schema.decodeUnknownSync(PostResponse)(several)).toEqual(several)
    const single = { orderId: "b", orderIndex: "1" }
    expect(Schema.decodeUnknownSync(PostResponse)(single)).toEqual(single)
  })

  it("refuses a post answer whose order has no id", () => {
    expect(fails(PostResponse, { results: [{ orderIndex: 0 }] })).toBe(true)
  })
})
