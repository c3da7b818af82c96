import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { buy } from "../../../src/actions/buy.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { eventsPlugin, type ReservoirEvent } from "../../../src/plugins/events.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import { NFT, step, txItem } from "../fixtures.js"
import { setupActions } from "./actionFixtures.js"

const GONE = [
  { message: "No available orders for token 0x1111111111111111111111111111111111111111:2", orderId: "0xgone" },
  { message: "Order 0xsold is filled and can no longer be filled" },
]

const partialAnswer = (from: `0x${string}`) => ({
  steps: [step("sale", "transaction", [txItem(from)])],
  path: [{ orderId: "0x1", contract: NFT, tokenId: "1", quote: 1 }],
  errors: GONE,
})

const items = [{ token: `${NFT}:1` }, { token: `${NFT}:2` }, { orderId: "0xsold" }]

describe("a partial buy: what the API left out is reported", () => {
  it.effect("in the precheck answer", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: partialAnswer(wallet.address) })
      const answer = (yield* run(buy({ items, options: { partial: true }, precheck: true }))) as ExecuteResponse
      expect(answer.errors).toEqual(GONE)
      expect(api.requests[0]?.body).toMatchObject({ partial: true })
    }),
  )

  it.effect("in every progress snapshot, and in the completion event, while the rest is bought", () =>
    Effect.gen(function* () {
      const events: Array<ReservoirEvent> = []
      const { api, wallet, run } = setupActions({ plugins: [eventsPlugin((event) => void events.push(event))] })
      api
        .route("POST", "/execute/buy/v7", { body: partialAnswer(wallet.address) })
        .route("GET", /synced/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", (request) => ({
          body: { transfers: (request.query.txHash ?? []).map((txHash) => ({ txHash })) },
        }))
      const snapshots: Array<ExecutionSnapshot> = []
      yield* run(
        buy({ items, options: { partial: true }, onProgress: (s) => Effect.sync(() => void snapshots.push(s)) }),
      )
      expect(snapshots.at(-1)?.status).toBe("complete")
      expect(snapshots.length).toBeGreaterThan(2)
      for (const snapshot of snapshots) expect(snapshot.errors).toEqual(GONE)
      expect(events.map((event) => [event.name, event.data.errors])).toEqual([["purchase_complete", GONE]])
    }),
  )

  it.effect("as the latest answer lists it, when the API is asked again for an item's data", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      const later = [GONE[0]!]
      api
        .route("POST", "/execute/buy/v7", [
          { body: { steps: [step("sale", "transaction", [{ status: "incomplete" }])], errors: GONE } },
          { body: { ...partialAnswer(wallet.address), errors: later } },
        ])
        .route("GET", /synced/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", (request) => ({
          body: { transfers: (request.query.txHash ?? []).map((txHash) => ({ txHash })) },
        }))
      const snapshots: Array<ExecutionSnapshot> = []
      const fiber = yield* Effect.forkChild(
        run(buy({ items, options: { partial: true }, onProgress: (s) => Effect.sync(() => void snapshots.push(s)) })),
      )
      for (let i = 0; i < 20; i++) yield* TestClock.adjust("1 second")
      yield* Fiber.join(fiber)
      expect(snapshots[0]?.errors).toEqual(GONE)
      expect(snapshots.at(-1)).toMatchObject({ status: "complete", errors: later })
    }),
  )

  it.effect("nowhere when the API left nothing out", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      const { errors: _, ...whole } = partialAnswer(wallet.address)
      api.route("POST", "/execute/buy/v7", { body: whole })
      const answer = (yield* run(buy({ items, precheck: true }))) as ExecuteResponse
      expect(answer.errors).toBeUndefined()
    }),
  )
})
