import { describe, expect, it } from "vitest"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { itemRefsOf } from "../../../src/pipeline/history/itemIdentity.js"
import type { JournalEntry } from "../../../src/pipeline/history/Journal.js"
import { readyTransactionItems } from "../../../src/pipeline/readyTransactionItems.js"
import { blankRequest } from "../../support/blankRequest.js"
import { EXCHANGE, step, TOKEN, txItem } from "../fixtures.js"

const FROM = "0x00000000000000000000000000000000000000a1"

const snapshotOf = (steps: ReadonlyArray<unknown>, journal: ReadonlyArray<JournalEntry> = []): ExecutionSnapshot => ({
  status: "running",
  request: blankRequest("buy"),
  chainId: 1,
  steps: steps as ExecutionSnapshot["steps"],
  txHashes: [],
  journal,
})

const approval = step("currency-approval", "transaction", [
  { status: "incomplete", data: { from: FROM, to: TOKEN, data: "0x095ea7b3" } },
])
const sale = step("sale", "transaction", [txItem(FROM)])
const saleId = itemRefsOf([approval, sale] as ExecutionSnapshot["steps"], 1)[1]![0]!.id
const keysOf = (snapshot: ExecutionSnapshot, stepIndex = 0) =>
  readyTransactionItems(snapshot, stepIndex, 1).map((item) => `${item.ref.stepIndex}:${item.ref.itemIndex}`)

describe("readyTransactionItems: what can go out in one batch", () => {
  it("an approval step then the sale step, both with data", () => {
    expect(keysOf(snapshotOf([approval, sale]))).toEqual(["0:0", "1:0"])
  })

  it("every incomplete item of a step, none of the complete ones", () => {
    const sweep = step("sale", "transaction", [txItem(FROM), { ...txItem(FROM), status: "complete" }, txItem(FROM)])
    expect(keysOf(snapshotOf([sweep]))).toEqual(["0:0", "0:2"])
  })

  it("stops at a step whose data comes later, and at a signature step", () => {
    const waiting = step("sale", "transaction", [{ status: "incomplete" }])
    const signature = step("order-signature", "signature", [
      { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "x" } } },
    ])
    expect(keysOf(snapshotOf([approval, waiting]))).toEqual(["0:0"])
    expect(keysOf(snapshotOf([approval, signature, sale]))).toEqual(["0:0"])
  })

  it("nothing when the next step itself waits for its data or is not a transaction", () => {
    expect(keysOf(snapshotOf([step("sale", "transaction", [{ status: "incomplete" }]), sale]))).toEqual([])
    expect(keysOf(snapshotOf([step("auth", "signature", [{ status: "incomplete", data: {} }]), sale]))).toEqual([])
  })

  it("one chain only: a step on another chain ends the run", () => {
    const elsewhere = step("sale", "transaction", [
      { status: "incomplete", data: { from: FROM, to: EXCHANGE, chainId: 8453 } },
    ])
    expect(keysOf(snapshotOf([approval, elsewhere]))).toEqual(["0:0"])
  })

  it("an item the journal knows of (sent, asked for, batched) is never in a new batch", () => {
    const entries: ReadonlyArray<JournalEntry> = [
      { _tag: "Sent", item: saleId, chainId: 1, hash: `0x${"ab".repeat(32)}` },
      { _tag: "SendRequested", item: saleId, chainId: 1, from: FROM },
      { _tag: "BatchRequested", items: [saleId], chainId: 1, from: FROM },
      { _tag: "BatchRefused", items: [saleId], reason: "5760" },
    ]
    for (const entry of entries) expect(keysOf(snapshotOf([approval, sale], [entry]))).toEqual(["0:0"])
    // A batch the user rejected sent nothing: its items are ready again.
    const rejected: ReadonlyArray<JournalEntry> = [entries[2]!, { _tag: "BatchRejected", items: [saleId] }]
    expect(keysOf(snapshotOf([approval, sale], rejected))).toEqual(["0:0", "1:0"])
  })

  it("two transactions alike but for their calldata are two items: one sent does not stand for the other", () => {
    const other = step("sale", "transaction", [{ ...txItem(FROM), data: { ...txItem(FROM).data, data: "0xfeedface" } }])
    const sent: JournalEntry = {
      _tag: "Sent",
      item: itemRefsOf([sale] as ExecutionSnapshot["steps"], 1)[0]![0]!.id,
      chainId: 1,
      hash: `0x${"ab".repeat(32)}`,
    }
    // The plan now holds only the other call (same chain, recipient and value): it is still to be sent.
    expect(keysOf(snapshotOf([other], [sent]))).toEqual(["0:0"])
    expect(keysOf(snapshotOf([sale], [sent]))).toEqual([])
  })
})
