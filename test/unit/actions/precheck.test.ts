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

/** The fake wallet's default estimate (21000 gas) at its default max fee (2 gwei). */
const FEE = { gas: "21000", maxFeePerGas: "2000000000", fee: "42000000000000" }

/** The steps of `response` as a precheck returns them: each transaction item with its estimated fee. */
const estimated = (from: `0x${string}`) =>
  response(from).steps.map((s) => ({ ...s, items: s.items.map((item) => ({ ...(item as object), networkFee: FEE })) }))

describe("actions with precheck: fetch the steps, execute nothing", () => {
  it.effect("a malformed precheck answer is retried under the client's policy, like a 5xx", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ retry: { times: 2, baseDelay: 0, maxDelay: 0 } })
      api.route("POST", "/execute/buy/v7", [{ body: { steps: "not a list" } }, { body: response(wallet.address) }])
      const result = yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))
      expect((result as { requestId?: string }).requestId).toBe("req-1")
      expect(api.requestsTo("/execute/buy/v7")).toHaveLength(2)
      expect(wallet.calls).toEqual([])
    }),
  )

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
    }),
  )

  it.effect.each([
    ["list", "/execute/list/v5", list({ listings: [{ token: `${NFT}:1`, weiPrice: "1" }], precheck: true })],
    ["transfer", "/execute/transfer/v1", transfer({ to: OTHER, items: [{ token: `${NFT}:1` }], precheck: true })],
  ] as const)("%s resolves to the steps array", ([, path, action]) =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", path, { body: response(wallet.address) })
      const result = yield* run(action as Effect.Effect<unknown, unknown, never>)
      expect(result).toEqual(estimated(wallet.address))
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a precheck publishes the fetched steps once through onProgress", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: response(wallet.address) })
      const seen: Array<ExecutionSnapshot> = []
      yield* run(
        buy({ items: [{ token: `${NFT}:1` }], precheck: true, onProgress: (s) => Effect.sync(() => seen.push(s)) }),
      )
      expect(seen).toHaveLength(1)
      expect(seen[0]!.steps).toEqual(estimated(wallet.address))
      expect(seen[0]!.path).toEqual(response(wallet.address).path)
    }),
  )

  it.effect("a non-200 precheck fails with an APIError carrying the server's message, status and data", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      const body = { statusCode: 400, message: "Insufficient balance", error: "Bad Request" }
      api.route("POST", "/execute/buy/v7", { status: 400, body })
      const error = failureOf(yield* Effect.exit(run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))))
      expect(error).toBeInstanceOf(APIError)
      expect(error).toMatchObject({ message: "Insufficient balance", statusCode: 400, rawError: body })
    }),
  )

  it.effect("without precheck the same answer is executed and the action resolves to true", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api
        .route("POST", "/execute/transfer/v1", { body: response(wallet.address) })
        .route("GET", /synced/, { body: { synced: true } })
      expect(yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1` }] }))).toBe(true)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect(
    "a precheck carries the network fee of each transaction item and in total (the API's own dropped), with no prompt",
    () =>
      Effect.gen(function* () {
        const { api, wallet, run } = setupActions()
        const from = wallet.address
        const body = {
          ...response(from),
          steps: [
            step("approval", "transaction", [
              txItem(from, { data: { ...txItem(from).data, maxFeePerGas: "3000000000" } }),
            ]),
            step("sale", "transaction", [txItem(from), txItem(from, { status: "complete" })]),
            step("order", "signature", [
              { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "hi" } } },
            ]),
          ],
          // Only tradekit's own estimate is told.
          networkFee: { chainId: 1, gas: "1", fee: "1", complete: true },
        }
        api.route("POST", "/execute/buy/v7", { body })
        wallet.behaviour.simulations.push({ gas: 50_000n }, { gas: 100_000n })
        const result = (yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))) as {
          steps: ReadonlyArray<{ items: ReadonlyArray<{ networkFee?: unknown }> }>
          networkFee?: unknown
        }
        expect(result.steps.map((s) => s.items.map((item) => item.networkFee))).toEqual([
          [{ gas: "50000", maxFeePerGas: "3000000000", fee: "150000000000000" }],
          [{ gas: "100000", maxFeePerGas: "2000000000", fee: "200000000000000" }, undefined],
          [undefined],
        ])
        expect(result.networkFee).toEqual({ chainId: 1, gas: "150000", fee: "350000000000000", complete: true })
        expect(wallet.simulated).toHaveLength(2)
        expect(wallet.feeReads).toBe(1)
        expect(wallet.calls).toEqual([])
      }),
  )

  it.effect(
    "an item that cannot be estimated yet (it needs an earlier step) has no fee, and the total says it is incomplete",
    () =>
      Effect.gen(function* () {
        const { api, wallet, run } = setupActions()
        const from = wallet.address
        api.route("POST", "/execute/buy/v7", {
          body: {
            ...response(from),
            steps: [step("approval", "transaction", [txItem(from)]), step("sale", "transaction", [txItem(from)])],
          },
        })
        wallet.behaviour.simulations.push(
          { gas: 50_000n },
          { revert: undefined, message: "ERC20: insufficient allowance" },
        )
        const result = (yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))) as {
          steps: ReadonlyArray<{ items: ReadonlyArray<{ networkFee?: unknown }> }>
          networkFee?: unknown
        }
        expect(result.steps[1]!.items[0]!.networkFee).toBeUndefined()
        expect(result.networkFee).toEqual({ chainId: 1, gas: "50000", fee: "100000000000000", complete: false })
      }),
  )

  it.effect("with simulate: false a precheck estimates nothing", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ simulate: false })
      api.route("POST", "/execute/buy/v7", { body: response(wallet.address) })
      const result = yield* run(buy({ items: [{ token: `${NFT}:1` }], precheck: true }))
      expect(result).toEqual(response(wallet.address))
      expect(wallet.simulated).toEqual([])
    }),
  )
})
