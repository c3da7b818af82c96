import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { StepItem } from "../../../src/schema/Step.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { buyNeedingApproval, routeBuy, setup, step, txItem } from "../fixtures.js"

const PAYMASTER = { url: "https://paymaster.test/rpc" }
const SPONSORED_CHAIN = { ...TEST_CHAIN, paymasterService: PAYMASTER }

const itemsOf = (snapshot: ExecutionSnapshot): ReadonlyArray<StepItem> =>
  snapshot.steps.flatMap((s): ReadonlyArray<StepItem> => s.items ?? [])

describe("sponsored gas (ERC-7677 paymasterService)", () => {
  it.effect(
    "on a chain naming a paymaster, with a wallet that supports it, the batch carries it and says it was sponsored",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup({ chains: [SPONSORED_CHAIN] })
        wallet.behaviour.atomicBatch = true
        wallet.behaviour.paymasterService = true
        // No ETH at all: the sponsor pays, so the balance is not held against the gas.
        wallet.behaviour.balance = 0n
        routeBuy(api, buyNeedingApproval(wallet))
        const final = yield* execute()
        expect(final.status).toBe("complete")
        expect(wallet.batches.map((batch) => batch.paymasterService)).toEqual([PAYMASTER])
        expect(final.journal?.filter((entry) => entry._tag.startsWith("Batch"))).toEqual([
          expect.objectContaining({ _tag: "BatchRequested", sponsored: true }),
          expect.objectContaining({ _tag: "BatchSent", sponsored: true }),
        ])
        expect(itemsOf(final).map((item) => item.sponsored)).toEqual([true, true])
      }),
  )

  it.effect("a single transaction on a sponsored chain goes out as a sponsored batch of one", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ chains: [SPONSORED_CHAIN] })
      wallet.behaviour.atomicBatch = true
      wallet.behaviour.paymasterService = true
      routeBuy(api, [step("sale", "transaction", [txItem(wallet.address)])])
      yield* execute()
      expect(wallet.sent).toEqual([])
      expect(wallet.batches.map((batch) => [batch.calls.length, batch.paymasterService])).toEqual([[1, PAYMASTER]])
    }),
  )

  it.effect("a wallet without paymasterService support still batches, unsponsored", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ chains: [SPONSORED_CHAIN] })
      wallet.behaviour.atomicBatch = true
      routeBuy(api, buyNeedingApproval(wallet))
      const final = yield* execute()
      expect(wallet.batches.map((batch) => batch.paymasterService)).toEqual([undefined])
      expect(final.journal?.some((entry) => "sponsored" in entry)).toBe(false)
      expect(itemsOf(final).map((item) => item.sponsored)).toEqual([undefined, undefined])
    }),
  )

  it.effect(
    "turned off for the call, the chain's paymaster is not asked, and an account without ETH is refused before any prompt",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup({ chains: [SPONSORED_CHAIN] })
        wallet.behaviour.atomicBatch = true
        wallet.behaviour.paymasterService = true
        wallet.behaviour.balance = 0n
        wallet.behaviour.simulations.push({ gas: 50_000n })
        routeBuy(api, buyNeedingApproval(wallet))
        const error = yield* Effect.flip(execute({ paymasterService: false }))
        expect(error._tag).toBe("InsufficientFundsError")
        expect(error.message).toBe(
          [
            "The account cannot pay for gas: its ETH balance is too low, so the transaction was not sent",
            "",
            `Account: ${wallet.address}`,
            "Chain: 1",
            "Balance (wei): 0",
            // 50 000 gas at 2 gwei, plus the sale's 1000 wei.
            "Needed, gas × max fee + value (wei): 100000000001000",
          ].join("\n"),
        )
        expect(wallet.batches).toEqual([])
        expect(wallet.sent).toEqual([])
      }),
  )

  it.effect("a single send the account cannot pay the gas and value of is refused before the prompt", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.balance = 21_000n * 2_000_000_000n + 999n
      routeBuy(api, [step("sale", "transaction", [txItem(wallet.address)])])
      const error = yield* Effect.flip(execute())
      expect(error._tag).toBe("InsufficientFundsError")
      expect(wallet.sent).toEqual([])
      // Enough for gas and value: it goes.
      wallet.behaviour.balance = 21_000n * 2_000_000_000n + 1000n
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.sent).toHaveLength(1)
    }),
  )
})

describe("calls status and calls id (EIP-5792)", () => {
  it.effect("a batch reported pending is waited for to a terminal status, never taken as done", () =>
    Effect.gen(function* () {
      const { api, wallet, snapshots, execute } = setup()
      wallet.behaviour.atomicBatch = true
      wallet.behaviour.batchOutcomes.push("pending")
      routeBuy(api, buyNeedingApproval(wallet))
      const fiber = yield* Effect.forkChild(execute())
      yield* TestClock.adjust("30 seconds")
      // Still pending: no item is complete, nothing journaled as sent, no confirmation asked of the API.
      expect(fiber.pollUnsafe()).toBeUndefined()
      expect(itemsOf(snapshots.at(-1)!).map((item) => item.status)).toEqual(["incomplete", "incomplete"])
      expect(snapshots.at(-1)!.journal?.map((entry) => entry._tag)).toEqual(["BatchRequested", "BatchSent"])
      expect(api.requestsTo(/synced/)).toEqual([])
      wallet.settleBatch(wallet.batches[0]!.id, "success")
      yield* TestClock.adjust("5 seconds")
      const final = yield* Fiber.join(fiber)
      expect(final.status).toBe("complete")
    }),
  )

  it.effect(
    "a calls id is never used as a transaction hash: items, journal and API posts carry the receipt's hash",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        wallet.behaviour.atomicBatch = true
        routeBuy(api, buyNeedingApproval(wallet))
        const final = yield* execute()
        const { id, hash } = wallet.batches[0]!
        expect(id).not.toBe(hash)
        const seen = JSON.stringify([
          itemsOf(final),
          api.requestsTo(/synced|results|transfers/).map((r) => [r.path, r.body, r.query]),
        ])
        expect(seen).toContain(hash)
        expect(seen).not.toContain(id)
        expect(
          final.journal?.filter((entry) => entry._tag === "Sent").map((entry) => (entry as { hash: string }).hash),
        ).toEqual([hash, hash])
      }),
  )
})
