import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import type { Capability } from "../../../src/capabilities/Capability.js"
import { Simulator } from "../../../src/capabilities/Simulator.js"
import { simulation } from "../../../src/capabilities/simulation.js"
import { blankRequest } from "../../support/blankRequest.js"
import { EXCHANGE, NFT, setup, step, txItem } from "../fixtures.js"

describe("executeSteps: the step loop", () => {
  it.effect("sends a sale, polls synced, completes, and publishes each state", () =>
    Effect.gen(function* () {
      const { api, wallet, snapshots, execute } = setup()
      api
        .route("POST", "/execute/buy/v7", {
          body: { steps: [step("sale", "transaction", [txItem(wallet.address)])], path: [] },
        })
        .route("GET", /^\/transactions\/0x[0-9a-f]{64}\/synced\/v1$/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", (req) => ({
          body: {
            transfers: req.query.txHash!.map((txHash) => ({
              txHash,
              token: { contract: NFT, tokenId: "1" },
              from: EXCHANGE,
              to: wallet.address,
            })),
          },
        }))
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.sent).toHaveLength(1)
      expect(wallet.sent[0]!.request).toMatchObject({
        from: wallet.address,
        to: EXCHANGE,
        data: "0xdeadbeef",
        value: 1000n,
      })
      const item = final.steps[0]!.items![0]!
      expect(item.status).toBe("complete")
      expect(item.txHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
      expect(item.internalTxHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
      expect(item.transfersData).toHaveLength(1)
      expect(final.txHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
      expect(snapshots[0]!.status).toBe("running")
      expect(snapshots.at(-1)).toEqual(final)
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        "POST /execute/buy/v7",
        `GET /transactions/${wallet.sent[0]!.hash}/synced/v1`,
        "GET /transfers/bulk/v2",
      ])
    }),
  )

  it.effect("skips steps without items and complete items, starting at the first incomplete one", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("empty", "transaction", []),
              { id: "no-items", kind: "transaction", action: "", description: "" },
              step("nft-approval", "transaction", [{ ...txItem(wallet.address), status: "complete" }]),
              step("approve-2", "transaction", [
                txItem(wallet.address, { data: { from: wallet.address, to: NFT, data: "0x01" } }),
              ]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const final = yield* execute({ request: blankRequest("list") })
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((s) => s.request.to)).toEqual([NFT])
    }),
  )

  it.effect("an execution with no incomplete step completes without touching the wallet", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/buy/v7", {
        body: { steps: [step("sale", "transaction", [{ ...txItem(wallet.address), status: "complete" }])] },
      })
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("runs the items of a step concurrently: every send happens before any confirmation", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      let polls = 0
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("approvals", "transaction", [
                txItem(wallet.address),
                txItem(wallet.address),
                txItem(wallet.address),
              ]),
            ],
          },
        })
        .route("GET", /synced/, () => {
          polls++
          // No item is confirmed until all three transactions are out: only possible when they run concurrently.
          return { body: { synced: wallet.sent.length === 3 } }
        })
      const exit = yield* Effect.forkChild(execute({ request: blankRequest("list") }))
      yield* TestClock.adjust("10 seconds")
      const final = yield* Fiber.join(exit)
      expect(final.status).toBe("complete")
      expect(wallet.sent).toHaveLength(3)
      expect(new Set(wallet.sent.map((s) => s.hash)).size).toBe(3)
      expect(polls).toBeGreaterThanOrEqual(3)
    }),
  )

  it.effect("with synchronousStepItemExecution, an item starts only after the previous one completed", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ synchronousStepItemExecution: true })
      const sentAtConfirmation: Array<number> = []
      api
        .route("POST", "/execute/list/v5", {
          body: { steps: [step("approvals", "transaction", [txItem(wallet.address), txItem(wallet.address)])] },
        })
        .route("GET", /synced/, () => {
          sentAtConfirmation.push(wallet.sent.length)
          return { body: { synced: true } }
        })
      yield* execute({ request: blankRequest("list") })
      expect(sentAtConfirmation).toEqual([1, 2])
    }),
  )

  it.effect("a gas override reaches every transaction, not only the first step's", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/buy/v7", {
          body: {
            steps: [
              step("currency-approval", "transaction", [txItem(wallet.address)]),
              step("sale", "transaction", [txItem(wallet.address)]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", (req) => ({
          body: { transfers: req.query.txHash!.map((txHash) => ({ txHash })) },
        }))
      yield* execute({ gas: "300000" })
      expect(wallet.sent.map((s) => s.request.gas)).toEqual([300000n, 300000n])
    }),
  )

  it.effect("records an item's error on that item and its step, not on the step's first item", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup()
      // Item 1's own check reports a failure; item 0 confirms. Which one the wallet sends first does not matter.
      const good = txItem(wallet.address, { check: { endpoint: "/status/good", body: { kind: "transaction" } } })
      const bad = txItem(wallet.address, { check: { endpoint: "/status/bad", body: { kind: "transaction" } } })
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("approvals", "transaction", [good, bad])] } })
        .route("POST", "/status/good", { body: { status: "success" } })
        .route("POST", "/status/bad", { body: { status: "failure" } })
      const exit = yield* Effect.exit(execute({ request: blankRequest("list") }))
      expect(Exit.isFailure(exit)).toBe(true)
      const error = Cause.squash((exit as Exit.Failure<unknown, unknown>).cause) as { _tag: string; message: string }
      expect(error._tag).toBe("TransactionFailedError")
      expect(error.message).toBe("Transaction failed")
      const last = snapshots.at(-1)!
      expect(last.status).toBe("error")
      expect(last.error).toEqual({ _tag: "TransactionFailedError", message: "Transaction failed" })
      expect(last.steps[0]!.error).toBe("Transaction failed")
      expect(last.steps[0]!.items![0]!.error).toBeUndefined()
      expect(last.steps[0]!.items![0]!.status).toBe("complete")
      expect(last.steps[0]!.items![1]!.error).toBe("Transaction failed")
      expect(last.steps[0]!.items![1]!.errorData).toMatchObject({ _tag: "TransactionFailedError" })
    }),
  )
})

describe("executeSteps: the plan's wait", () => {
  it.effect("makes the run's environment while the plan's request is in flight, not after its answer", () =>
    Effect.gen(function* () {
      const order: Array<string> = []
      // The simulation capability as it is, its max-fee reader (made with the environment) noted when it is made.
      const noted: Capability = {
        ...simulation,
        layer: (options) =>
          Layer.effect(
            Simulator,
            Effect.map(Simulator, (real) => ({
              ...real!,
              makeMaxFeeReader: (wallet) =>
                Effect.andThen(
                  Effect.sync(() => order.push("environment")),
                  real!.makeMaxFeeReader(wallet),
                ),
            })),
          ).pipe(Layer.provide(simulation.layer(options))),
      }
      const { api, execute } = setup({}, [noted])
      api.route("POST", "/execute/list/v5", () =>
        Effect.sync(() => order.push("asked")).pipe(
          Effect.andThen(Effect.yieldNow),
          Effect.andThen(Effect.sync(() => order.push("answered"))),
          Effect.as({ body: { steps: [] } }),
        ),
      )
      const final = yield* execute({ request: blankRequest("list") })
      expect(final.status).toBe("complete")
      expect(order).toEqual(["asked", "environment", "answered"])
    }),
  )
})
