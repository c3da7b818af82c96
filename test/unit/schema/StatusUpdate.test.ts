import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { StatusUpdate } from "../../../src/schema/StatusUpdate.js"

const hash = `0x${"ab".repeat(32)}`

describe("StatusUpdate", () => {
  it.each(["pending", "success", "failure"])("accepts the status %s", (status) => {
    expect(Schema.decodeUnknownSync(StatusUpdate)({ status, txHash: hash })).toEqual({ status, txHash: hash })
  })

  it("carries a cross-chain update by request id", () => {
    const update = { status: "success", requestId: "r-1", txHashes: [hash], destinationChainId: 8453 }
    expect(Schema.decodeUnknownSync(StatusUpdate)(update)).toEqual(update)
  })

  it.each([
    ["an unknown status", { status: "done" }],
    ["no status", { txHash: hash }],
    ["a malformed hash in txHashes", { status: "pending", txHashes: ["0x12"] }],
  ])("refuses %s", (_label, input) => {
    expect(Result.isFailure(Schema.decodeUnknownResult(StatusUpdate)(input))).toBe(true)
  })
})
