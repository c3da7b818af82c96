import { describe, expect, it } from "@effect/vitest"
import {
  pushedStatusOf,
  signatureStatusOf,
  statusFilterOf,
  transactionStatusOf,
} from "../../../../src/apis/reservoir/bookStatusOf.js"

const HASH = `0x${"ab".repeat(32)}` as const

describe("signatureStatusOf", () => {
  it("reads success and failure as the API says them, and anything else as pending", () => {
    expect(signatureStatusOf({ status: "success" }).status).toBe("success")
    expect(signatureStatusOf({ status: "failure", details: "bad" })).toEqual({ status: "failure", details: "bad" })
    expect(signatureStatusOf({ status: "incomplete" }).status).toBe("pending")
    expect(signatureStatusOf({}).status).toBe("pending")
  })

  it("does not take `synced` for a signature's success: only a transaction is synced", () => {
    expect(signatureStatusOf({ synced: true }).status).toBe("pending")
  })
})

describe("transactionStatusOf", () => {
  it("is a success once the indexer has synced the transaction, or the check says success", () => {
    expect(transactionStatusOf({ synced: true }).status).toBe("success")
    expect(transactionStatusOf({ status: "success" }).status).toBe("success")
    expect(transactionStatusOf({ synced: false }).status).toBe("pending")
  })

  it("keeps the API's own word as the stage: a pending request's `delayed`; none for a bare synced poll", () => {
    expect(transactionStatusOf({ status: "delayed" })).toEqual({ status: "pending", stage: "delayed" })
    expect(transactionStatusOf({ synced: false })).toEqual({ status: "pending" })
  })

  it("is a failure when the check says so, even beside `synced`", () => {
    expect(transactionStatusOf({ status: "failure", synced: true }).status).toBe("failure")
  })

  it("keeps the transactions seen and the chain a cross-chain fill landed on", () => {
    expect(transactionStatusOf({ status: "success", txHashes: [HASH], destinationChainId: 8453 })).toEqual({
      status: "success",
      stage: "success",
      txHashes: [HASH],
      destinationChainId: 8453,
    })
  })
})

describe("pushedStatusOf", () => {
  it("carries the pushed verdict and facts, and drops the socket's own fields", () => {
    expect(pushedStatusOf({ status: "success", txHash: HASH, requestId: "r", txHashes: [HASH] })).toEqual({
      status: "success",
      txHashes: [HASH],
    })
  })
})

describe("statusFilterOf", () => {
  it("follows a cross-chain fill by the request id its check names", () => {
    expect(statusFilterOf(HASH, { endpoint: "/execute/status/v1", body: { id: "req-1" } }, true)).toEqual({
      requestId: "req-1",
    })
  })

  it("follows anything else by its hash: a same-chain item, or a check with no string id", () => {
    expect(statusFilterOf(HASH, { endpoint: "/execute/status/v1", body: { id: "req-1" } }, false)).toEqual({
      txHash: HASH,
    })
    expect(statusFilterOf(HASH, { endpoint: "/execute/status/v1", body: { id: 7 } }, true)).toEqual({ txHash: HASH })
    expect(statusFilterOf(HASH, undefined, true)).toEqual({ txHash: HASH })
  })
})
