import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { resumeExecution } from "../../../src/actions/resume.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { StepItem } from "../../../src/schema/Step.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"
import { blankRequest } from "../../support/blankRequest.js"
import {
  APPROVE,
  buyNeedingApproval,
  EXCHANGE,
  type FakeApi,
  type FakeWallet,
  routeBuy,
  runWithClock,
  setup,
  step,
  TOKEN,
  txItem,
} from "../fixtures.js"

const layerOf = (api: FakeApi, wallet: FakeWallet) => testLayer({ api, wallet, options: { chains: [TEST_CHAIN] } })

const itemsOf = (snapshot: ExecutionSnapshot): ReadonlyArray<StepItem> =>
  snapshot.steps.flatMap((s): ReadonlyArray<StepItem> => s.items ?? [])

/** A buy whose batch the wallet accepted and left pending, interrupted: the fakes and the snapshot stored last. */
const interruptedInFlight = Effect.gen(function* () {
  const { api, wallet, snapshots, execute } = setup()
  wallet.behaviour.atomicBatch = true
  wallet.behaviour.batchOutcomes.push("pending")
  routeBuy(api, buyNeedingApproval(wallet))
  const fiber = yield* Effect.forkChild(execute())
  yield* TestClock.adjust("3 seconds")
  yield* Fiber.interrupt(fiber)
  return { api, wallet, stored: JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot }
})

describe("batched transactions (EIP-5792)", () => {
  it.effect(
    "an ERC-20 approval and the sale go out as one batch: one confirmation, each item confirmed by the API",
    () =>
      Effect.gen(function* () {
        const { api, wallet, snapshots, execute } = setup()
        wallet.behaviour.atomicBatch = true
        routeBuy(api, buyNeedingApproval(wallet))
        const final = yield* execute()
        expect(final.status).toBe("complete")
        expect(wallet.sent).toEqual([])
        expect(wallet.batches).toHaveLength(1)
        const batch = wallet.batches[0]!
        expect(batch.calls.map((call) => call.to)).toEqual([TOKEN, EXCHANGE])
        expect(batch.calls.map((call) => call.data)).toEqual([APPROVE, "0xdeadbeef"])
        expect(batch.calls[1]!.value).toBe(1000n)
        // Each item shows the batch's transaction and went through the same confirmation as a single send.
        expect(itemsOf(final).map((item) => item.internalTxHashes)).toEqual([
          [{ txHash: batch.hash, chainId: 1 }],
          [{ txHash: batch.hash, chainId: 1 }],
        ])
        expect(api.requestsTo(`/transactions/${batch.hash}/synced/v1`)).toHaveLength(2)
        // The calls status reported the transaction mined: no receipt is read again.
        expect(wallet.calls.filter((call) => call.method === "waitForReceipt")).toEqual([])
        expect(api.requestsTo("/execute/results/v1").map((request) => request.body)).toEqual([
          { requestId: "req-1", txHash: batch.hash, stepId: "currency-approval" },
          { requestId: "req-1", txHash: batch.hash, stepId: "sale" },
        ])
        expect(api.requestsTo("/transfers/bulk/v2")[0]!.query.txHash).toEqual([batch.hash])
        expect(final.journal?.map((entry) => entry._tag)).toEqual(["BatchRequested", "BatchSent", "Sent", "Sent"])
        // Items are known by what they do: the approval and the sale, by chain, recipient, value and calldata.
        expect(final.journal?.[1]).toEqual({
          _tag: "BatchSent",
          items: [
            expect.stringMatching(new RegExp(`^tx:1:${TOKEN.toLowerCase()}:0:0x[0-9a-f]{64}#0$`)),
            expect.stringMatching(/^tx:1:/),
          ],
          chainId: 1,
          id: batch.id,
        })
        // Progress is honest: before completion, both items already showed the batch's hash.
        const landed = snapshots.find((snapshot) =>
          itemsOf(snapshot).every((item) => item.txHashes?.[0]?.txHash === batch.hash),
        )
        expect(landed?.status).toBe("running")
        expect(itemsOf(landed!).map((item) => item.status)).toEqual(["incomplete", "incomplete"])
      }),
  )

  it.effect("with batchTransactions: false, the same buy takes two sends", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ batchTransactions: false })
      wallet.behaviour.atomicBatch = true
      routeBuy(api, buyNeedingApproval(wallet))
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.batches).toEqual([])
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
    }),
  )

  it.effect("a wallet without atomic batches sends one by one", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      routeBuy(api, buyNeedingApproval(wallet))
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.batches).toEqual([])
      expect(wallet.sent).toHaveLength(2)
    }),
  )

  it.effect(
    "with a gas limit imposed on the execution, transactions go one by one (one limit cannot fit a batch)",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        wallet.behaviour.atomicBatch = true
        routeBuy(api, buyNeedingApproval(wallet))
        yield* execute({ gas: 500_000n })
        expect(wallet.batches).toEqual([])
        expect(wallet.sent.map((sent) => sent.request.gas)).toEqual([500_000n, 500_000n])
      }),
  )

  it.effect("a single ready transaction is sent alone", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.atomicBatch = true
      routeBuy(api, [step("sale", "transaction", [txItem(wallet.address)])])
      yield* execute()
      expect(wallet.batches).toEqual([])
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("the user rejecting the batch fails both items with UserRejectedError, nothing sent", () =>
    Effect.gen(function* () {
      const { api, wallet, snapshots, execute } = setup()
      wallet.behaviour.atomicBatch = true
      wallet.behaviour.rejectTransactions = true
      routeBuy(api, buyNeedingApproval(wallet))
      const error = yield* Effect.flip(execute())
      expect(error._tag).toBe("UserRejectedError")
      expect(wallet.sent).toEqual([])
      const last = snapshots.at(-1)!
      expect(last.status).toBe("error")
      expect(itemsOf(last).map((item) => (item.errorData as { _tag: string })._tag)).toEqual([
        "UserRejectedError",
        "UserRejectedError",
      ])
      expect(last.steps.map((s) => s.error)).toEqual(["User rejected the request.", "User rejected the request."])
      expect(last.journal?.map((entry) => entry._tag)).toEqual(["BatchRequested", "BatchRejected"])

      // Nothing was sent: a resume may ask again.
      wallet.behaviour.rejectTransactions = false
      const stored = JSON.parse(JSON.stringify(last)) as ExecutionSnapshot
      const final = yield* resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet)))
      expect(final.status).toBe("complete")
      expect(wallet.batches).toHaveLength(1)
    }),
  )

  for (const outcome of ["failure", "revert"] as const) {
    it.effect(`a batch that ends in ${outcome} fails both items with BatchFailedError`, () =>
      Effect.gen(function* () {
        const { api, wallet, snapshots, execute } = setup()
        wallet.behaviour.atomicBatch = true
        wallet.behaviour.batchOutcomes.push(outcome)
        routeBuy(api, buyNeedingApproval(wallet))
        const error = yield* Effect.flip(execute())
        const batch = wallet.batches[0]!
        expect(error._tag).toBe("BatchFailedError")
        const hashes = outcome === "revert" ? [batch.hash] : []
        expect(error).toMatchObject({
          callsId: batch.id,
          statusCode: outcome === "revert" ? 500 : 400,
          txHashes: hashes,
        })
        expect(error.message).toBe(
          `The batched transactions failed; none of them took effect\n\nCalls id: ${batch.id}\nStatus: ${outcome === "revert" ? 500 : 400}` +
            (outcome === "revert" ? `\nTransactions: ${batch.hash}` : ""),
        )
        const last = snapshots.at(-1)!
        expect(itemsOf(last).map((item) => (item.errorData as { _tag: string })._tag)).toEqual([
          "BatchFailedError",
          "BatchFailedError",
        ])
        expect(itemsOf(last).map((item) => item.status)).toEqual(["incomplete", "incomplete"])
        expect(api.requestsTo(/synced/)).toEqual([])
      }),
    )
  }

  it.effect("resume of a batch in flight waits for its calls id: no second batch, no single send", () =>
    Effect.gen(function* () {
      const { api, wallet, stored } = yield* interruptedInFlight
      expect(stored.journal?.map((entry) => entry._tag)).toEqual(["BatchRequested", "BatchSent"])

      const batch = wallet.batches[0]!
      wallet.settleBatch(batch.id, "success")
      const final = yield* resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet)))
      expect(final.status).toBe("complete")
      expect(wallet.batches).toHaveLength(1)
      expect(wallet.sent).toEqual([])
      expect(itemsOf(final).map((item) => item.internalTxHashes?.[0]?.txHash)).toEqual([batch.hash, batch.hash])
    }),
  )

  it.effect("resume of a batch in flight by a client without batches refuses, naming them: nothing sent again", () =>
    Effect.gen(function* () {
      const { api, wallet, stored } = yield* interruptedInFlight

      const lite = testLayer({ api, wallet, options: { chains: [TEST_CHAIN] }, capabilities: [] })
      const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(lite)))
      expect(error).toMatchObject({ _tag: "CapabilityMissingError", capability: "batching" })
      expect(wallet.batches).toHaveLength(1)
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect("resume of a batch asked for with no calls id back refuses with SendOutcomeUnknownError", () =>
    Effect.gen(function* () {
      const { api, wallet } = setup()
      wallet.behaviour.atomicBatch = true
      routeBuy(api, buyNeedingApproval(wallet))
      const stored: ExecutionSnapshot = {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: buyNeedingApproval(wallet) as unknown as ExecutionSnapshot["steps"],
        txHashes: [],
        journal: [
          { _tag: "BatchRequested", items: ["currency-approval#0:0", "sale#0:0"], chainId: 1, from: wallet.address },
        ],
      }
      const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet))))
      expect(error._tag).toBe("SendOutcomeUnknownError")
      expect(wallet.batches).toEqual([])
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect("an item whose data comes after the approval is not batched: ready items only", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.atomicBatch = true
      const [approval, sale] = buyNeedingApproval(wallet)
      const saleWithoutData = { ...sale!, items: [{ status: "incomplete" }] }
      routeBuy(api, [approval!, saleWithoutData])
      api.route("POST", "/execute/buy/v7", [
        { body: { requestId: "req-1", steps: [approval!, saleWithoutData] } },
        {
          body: {
            requestId: "req-1",
            steps: [{ ...approval!, items: [{ ...(approval!.items[0] as object), status: "complete" }] }, sale!],
          },
        },
      ])
      const exit = yield* runWithClock(execute(), "5 seconds", 4)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(wallet.batches).toEqual([])
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
    }),
  )

  it.effect("a stored snapshot with batch entries decodes; older snapshots without them still do", () =>
    Effect.gen(function* () {
      const { api, wallet } = setup()
      routeBuy(api, [])
      const base = {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: [],
        txHashes: [],
      } as const
      const withBatch = {
        ...base,
        journal: [
          { _tag: "BatchRequested", items: ["a#0:0"], chainId: 1, from: wallet.address },
          { _tag: "BatchSent", items: ["a#0:0"], chainId: 1, id: "0x01" },
          { _tag: "BatchRejected", items: ["b#0:0"] },
        ],
      } as ExecutionSnapshot
      for (const stored of [base as ExecutionSnapshot, withBatch]) {
        const final = yield* resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet)))
        expect(final.status).toBe("complete")
      }
    }),
  )

  it.effect("a rejected batch of items the new plan no longer holds sent nothing: the resume sends the new plan", () =>
    Effect.gen(function* () {
      const { api, wallet } = setup()
      routeBuy(api, [step("sale", "transaction", [txItem(wallet.address)])])
      const stored = {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: [],
        txHashes: [],
        journal: [
          { _tag: "BatchRequested", items: ["gone#0:0"], chainId: 1, from: wallet.address },
          { _tag: "BatchRejected", items: ["gone#0:0"] },
        ],
      } as ExecutionSnapshot
      const final = yield* resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet)))
      expect(final.status).toBe("complete")
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect(
    "a batch of unknown outcome for items the new plan no longer holds: SendOutcomeUnknownError, nothing sent",
    () =>
      Effect.gen(function* () {
        const { api, wallet } = setup()
        routeBuy(api, [step("sale", "transaction", [txItem(wallet.address)])])
        const stored = {
          status: "running",
          request: blankRequest("buy"),
          chainId: 1,
          steps: [],
          txHashes: [],
          journal: [{ _tag: "BatchRequested", items: ["gone#0:0"], chainId: 1, from: wallet.address }],
        } as ExecutionSnapshot
        const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(layerOf(api, wallet))))
        expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "batch-unknown" })
        expect(wallet.sent).toHaveLength(0)
      }),
  )
})
