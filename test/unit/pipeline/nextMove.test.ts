import { describe, expect, it } from "vitest"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { nextMove } from "../../../src/pipeline/nextMove.js"
import { readyTransactionItems } from "../../../src/pipeline/readyTransactionItems.js"
import type { Step } from "../../../src/schema/Step.js"
import { blankRequest } from "../../support/blankRequest.js"
import { OTHER, step, txItem } from "../fixtures.js"

const CHAIN = 1

const snapshotWith = (steps: ReadonlyArray<unknown>): ExecutionSnapshot => ({
  status: "running",
  request: blankRequest("buy"),
  chainId: CHAIN,
  steps: steps as ReadonlyArray<Step>,
  txHashes: [],
})

describe("nextMove", () => {
  it("is Done when every item is complete", () => {
    const snapshot = snapshotWith([step("a", "transaction", [txItem(OTHER, { status: "complete" })])])
    expect(nextMove(snapshot, CHAIN, { resendUnknown: false })._tag).toBe("Done")
  })

  it("is Done for a plan without steps", () => {
    expect(nextMove(snapshotWith([]), CHAIN, { resendUnknown: false })._tag).toBe("Done")
  })

  it("awaits data when the next step has an item without data", () => {
    const snapshot = snapshotWith([
      step("a", "transaction", [txItem(OTHER, { status: "complete" })]),
      step("b", "transaction", [{ status: "incomplete" }]),
    ])
    expect(nextMove(snapshot, CHAIN, { resendUnknown: false })).toEqual({ _tag: "AwaitData", stepIndex: 1 })
  })

  it("runs the first incomplete step, with only its incomplete items", () => {
    const snapshot = snapshotWith([
      step("a", "transaction", [txItem(OTHER, { status: "complete" }), txItem(OTHER)]),
      step("b", "transaction", [txItem(OTHER)]),
    ])
    const move = nextMove(snapshot, CHAIN, { resendUnknown: false })
    expect(move._tag).toBe("RunStep")
    if (move._tag !== "RunStep") return
    expect(move.stepIndex).toBe(0)
    expect(move.items.map((ref) => ref.itemIndex)).toEqual([1])
  })

  it("offers a single transaction as a batch only when a sponsor may pay", () => {
    const snapshot = snapshotWith([step("a", "transaction", [txItem(OTHER)])])
    const readyItems = readyTransactionItems
    const plain = nextMove(snapshot, CHAIN, { resendUnknown: false, readyItems })
    const sponsored = nextMove(snapshot, CHAIN, { resendUnknown: false, sponsorable: true, readyItems })
    expect(plain._tag === "RunStep" && plain.batchable.length).toBe(0)
    expect(sponsored._tag === "RunStep" && sponsored.batchable.length).toBe(1)
  })

  it("offers nothing as a batch without the batching capability's ready items", () => {
    const snapshot = snapshotWith([
      step("a", "transaction", [txItem(OTHER), txItem(OTHER, { data: { from: OTHER, to: OTHER } })]),
    ])
    const batched = nextMove(snapshot, CHAIN, { resendUnknown: false, readyItems: readyTransactionItems })
    const without = nextMove(snapshot, CHAIN, { resendUnknown: false })
    expect(batched._tag === "RunStep" && batched.batchable.length).toBe(2)
    expect(without._tag === "RunStep" && without.batchable.length).toBe(0)
  })
})
