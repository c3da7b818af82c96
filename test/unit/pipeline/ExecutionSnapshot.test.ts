import { describe, expect, it } from "@effect/vitest"
import {
  type ExecutionSnapshot,
  nextIncompleteStep,
  snapshotOf,
  updateItem,
  withJournalEntry,
  withSteps,
} from "../../../src/pipeline/ExecutionSnapshot.js"
import type { Step } from "../../../src/schema/Step.js"
import { blankRequest } from "../../support/blankRequest.js"

const H1 = `0x${"11".repeat(32)}` as const
const H2 = `0x${"22".repeat(32)}` as const
const steps = [
  { id: "approval", kind: "transaction", items: [{ status: "complete", txHashes: [{ txHash: H1, chainId: 1 }] }] },
  {
    id: "sale",
    kind: "transaction",
    items: [
      { status: "complete", txHashes: [{ txHash: H1.toUpperCase().replace("0X", "0x") as `0x${string}`, chainId: 1 }] },
      { status: "incomplete", internalTxHashes: [{ txHash: H2, chainId: 8453 }] },
      { status: "incomplete" },
    ],
  },
] as unknown as ReadonlyArray<Step>

describe("snapshotOf and withSteps", () => {
  it("start running with the request and the plan's facts, the hashes collected from every item once", () => {
    const snapshot = snapshotOf({ steps, requestId: "r1", errors: [{ message: "left out" }] }, blankRequest("buy"), 1)
    expect(snapshot).toMatchObject({
      status: "running",
      chainId: 1,
      requestId: "r1",
      errors: [{ message: "left out" }],
    })
    expect(snapshot.request).toEqual(blankRequest("buy"))
    expect(snapshot.txHashes).toEqual([
      { txHash: H1, chainId: 1 },
      { txHash: H2, chainId: 8453 },
    ])
  })

  it("a snapshot with new steps follows them in its hashes", () => {
    const first = snapshotOf({ steps }, blankRequest("buy"), 1)
    expect(withSteps(first, []).txHashes).toEqual([])
  })
})

describe("updateItem and nextIncompleteStep", () => {
  it("replace one item, leaving the others and the original snapshot as they were", () => {
    const first = snapshotOf({ steps }, blankRequest("buy"), 1)
    const next = updateItem(first, 1, 2, (item) => ({ ...item, status: "complete" }))
    expect(next.steps[1]!.items![2]!.status).toBe("complete")
    expect(first.steps[1]!.items![2]!.status).toBe("incomplete")
    expect(next.steps[0]).toBe(first.steps[0])
  })

  it("find the first step with incomplete items, and which ones", () => {
    expect(nextIncompleteStep(steps)).toEqual({ stepIndex: 1, itemIndexes: [1, 2] })
    expect(nextIncompleteStep(steps.slice(0, 1))).toBeUndefined()
  })
})

describe("withJournalEntry", () => {
  it("appends to the journal without changing the snapshot it was given", () => {
    const first: ExecutionSnapshot = snapshotOf({ steps: [] }, blankRequest("list"), 1)
    const entry = { _tag: "Signed", item: "sig:1", signature: "0xab" } as never
    const next = withJournalEntry(withJournalEntry(first, entry), entry)
    expect(next.journal).toHaveLength(2)
    expect(first.journal).toBeUndefined()
  })
})
