import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { buy } from "../../../src/actions/buy.js"
import { call } from "../../../src/actions/call.js"
import { list } from "../../../src/actions/list.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { transfer } from "../../../src/actions/transfer.js"
import { APIError } from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { NFT, OTHER, step, txItem } from "../fixtures.js"
import { failureOf, setupActions } from "./actionFixtures.js"

const response = (from: `0x${string}`) => ({
  steps: [step("sale", "transaction", [txItem(from)])],
  path: [{ orderId: "0x1", currency: OTHER, quote: 1, rawQuote: "1000" }],
  fees: { relayer: { currency: { contract: OTHER, decimals: 18 }, amount: { raw: "1", decimal: 0 } } },
  requestId: "req-1",
})

describe("actions with precheck: fetch the steps, execute nothing", () => {
  it.effect("a malformed precheck answer is retried under the client's policy, like a 5xx", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ retry: { times: 2, baseDelay: 0, maxDelay: 0 } })
      api.route("POST", "/execute/buy/v7", [{ body: { steps: "not a list" } }, { body: response(wallet.address) }])
      const result = yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))
      expect((result as { requestId?: string }).requestId).toBe("req-1")
      expect(api.requestsTo("/execute/buy/v7")).toHaveLength(2)
      expect(wallet.calls).toEqual([])
    }))

  it.effect.each([
    ["buy", "/execute/buy/v7", buy({ items: [{ token: `${NFT}:1` }], precheck: true })],
    ["sell", "/execute/sell/v7", sell({ items: [{ token: `${NFT}:1` }], precheck: true })],
    ["mint", "/execute/mint/v1", mint({ items: [{ collection: NFT }], precheck: true })],
    ["call", "/execute/call/v1", call({ toChainId: 1, txs: [], precheck: true })],
  ] as const)("%s resolves to the whole response (path, fees, requestId)", ([, path, action]) =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", path, { body: response(wallet.address) })
      const result = yield* run(action as Effect.Effect<unknown, unknown, never>)
      expect(result).toMatchObject(response(wallet.address))
      expect(wallet.calls).toEqual([])
      expect(api.requests.map((r) => r.path)).toEqual([path])
    }))

  it.effect.each([
    ["list", "/execute/list/v5", list({ listings: [{ token: `${NFT}:1`, weiPrice: "1" }], precheck: true })],
    ["transfer", "/execute/transfer/v1", transfer({ to: OTHER, items: [{ token: `${NFT}:1` }], precheck: true })],
  ] as const)("%s resolves to the steps array", ([, path, action]) =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", path, { body: response(wallet.address) })
      const result = yield* run(action as Effect.Effect<unknown, unknown, never>)
      expect(result).toEqual(response(wallet.address).steps)
      expect(wallet.calls).toEqual([])
    }))

  it.effect("a precheck publishes the fetched steps once through onProgress", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: response(wallet.address) })
      const seen: Array<ExecutionSnapshot> = []
      yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true, onProgress: (s) => Effect.sync(() => seen.push(s)) }))
      expect(seen).toHaveLength(1)
      expect(seen[0]!.steps).toEqual(response(wallet.address).steps)
      expect(seen[0]!.path).toEqual(response(wallet.address).path)
    }))

  it.effect("a non-200 precheck fails with an APIError carrying the server's message, status and data", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      const body = { statusCode: 400, message: "Insufficient balance", error: "Bad Request" }
      api.route("POST", "/execute/buy/v7", { status: 400, body })
      const error = failureOf(yield* Effect.exit(run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))))
      expect(error).toBeInstanceOf(APIError)
      expect(error).toMatchObject({ message: "Insufficient balance", statusCode: 400, rawError: body })
    }))

  it.effect("without precheck the same answer is executed and the action resolves to true", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api
        .route("POST", "/execute/transfer/v1", { body: response(wallet.address) })
        .route("GET", /synced/, { body: { synced: true } })
      expect(yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1` }] }))).toBe(true)
      expect(wallet.sent).toHaveLength(1)
    }))
})
