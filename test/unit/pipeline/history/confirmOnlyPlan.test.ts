import { describe, expect, it } from "vitest"
import type { ExecutionSnapshot } from "../../../../src/pipeline/ExecutionSnapshot.js"
import { confirmOnlyPlan } from "../../../../src/pipeline/history/confirmOnlyPlan.js"
import { itemRefsOf } from "../../../../src/pipeline/history/itemIdentity.js"
import type { JournalEntry } from "../../../../src/pipeline/history/Journal.js"
import type { Step } from "../../../../src/schema/Step.js"
import { blankRequest } from "../../../support/blankRequest.js"
import { OTHER, step, txItem } from "../../fixtures.js"

const CHAIN = 1

const storedWith = (steps: ReadonlyArray<unknown>): ExecutionSnapshot => ({
  status: "running",
  request: blankRequest("buy"),
  chainId: CHAIN,
  steps: steps as ReadonlyArray<Step>,
  txHashes: [],
})

const sentEntry = (stored: ExecutionSnapshot, stepIndex: number, itemIndex: number): JournalEntry =>
  ({
    _tag: "Sent",
    item: itemRefsOf(stored.steps, CHAIN)[stepIndex]![itemIndex]!.id,
    chainId: CHAIN,
    hash: `0x${"ab".repeat(32)}`,
  }) as JournalEntry

describe("confirmOnlyPlan", () => {
  it("is undefined when the journal records nothing sent", () => {
    const stored = storedWith([step("a", "transaction", [txItem(OTHER)])])
    expect(confirmOnlyPlan(stored, [])).toBeUndefined()
  })

  it("keeps the sent transaction items and counts the others as left out", () => {
    const stored = storedWith([
      step("a", "transaction", [txItem(OTHER), txItem(OTHER, { data: { from: OTHER, to: OTHER, data: "0x01" } })]),
      step("b", "transaction", [txItem(OTHER, { data: { from: OTHER, to: OTHER, data: "0x02" } })]),
    ])
    const plan = confirmOnlyPlan(stored, [sentEntry(stored, 0, 0)])
    expect(plan?.leftOut).toBe(2)
    expect(plan?.steps.map((s) => s.id)).toEqual(["a"])
    expect(plan?.steps[0]?.items).toEqual([stored.steps[0]!.items![0]])
  })

  it("keeps complete items beside a sent one, and never counts them as left out", () => {
    const stored = storedWith([
      step("a", "transaction", [txItem(OTHER, { status: "complete" })]),
      step("b", "transaction", [txItem(OTHER, { data: { from: OTHER, to: OTHER, data: "0x02" } })]),
    ])
    const plan = confirmOnlyPlan(stored, [sentEntry(stored, 1, 0)])
    expect(plan?.leftOut).toBe(0)
    expect(plan?.steps.map((s) => s.id)).toEqual(["a", "b"])
  })
})
