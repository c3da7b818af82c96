import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, setup, step, txItem } from "../fixtures.js"

const LIST = { request: blankRequest("list") } as const
const sign = (message: string) => ({
  status: "incomplete",
  data: { sign: { signatureKind: "eip191", message }, post: { endpoint: "/order/v4", body: { message } } },
})

describe("adopting a re-polled answer", () => {
  it.effect("keeps a finished step the new answer leaves out, with its transaction hash", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", [
          {
            body: {
              steps: [
                step("nft-approval", "transaction", [txItem(wallet.address)]),
                step("order-signature", "signature", [{ status: "incomplete" }]),
              ],
            },
          },
          { body: { steps: [step("order-signature", "signature", [sign("order")])] } },
        ])
        .route("GET", /synced/, { body: { synced: true } })
        .route("POST", "/order/v4", { body: { orderId: "0x1" } })
      const exit = yield* runWithClock(execute(LIST), "5 seconds", 3)
      expect(Exit.isSuccess(exit)).toBe(true)
      const final = (exit as Exit.Success<any, unknown>).value
      expect(final.steps.map((s: { id: string }) => s.id)).toEqual(["nft-approval", "order-signature"])
      expect(final.steps[0].items[0].status).toBe("complete")
      expect(final.txHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
    }),
  )

  it.effect("keeps a finished item when the new answer lists its step with no items", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", [
          {
            body: {
              steps: [
                step("nft-approval", "transaction", [txItem(wallet.address)]),
                step("order-signature", "signature", [{ status: "incomplete" }]),
              ],
            },
          },
          {
            body: {
              steps: [step("nft-approval", "transaction", []), step("order-signature", "signature", [sign("order")])],
            },
          },
        ])
        .route("GET", /synced/, { body: { synced: true } })
        .route("POST", "/order/v4", { body: { orderId: "0x1" } })
      const exit = yield* runWithClock(execute(LIST), "5 seconds", 3)
      const final = (exit as Exit.Success<any, unknown>).value
      expect(final.steps[0].items).toHaveLength(1)
      expect(final.steps[0].items[0].internalTxHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
      expect(wallet.sent).toHaveLength(1)
    }),
  )
})

describe("items of one step", () => {
  it.effect("each signature item posts its own signature, not a sibling's", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: { steps: [step("order-signature", "signature", [sign("a"), sign("b"), sign("c")])] },
        })
        .route("POST", "/order/v4", { body: { orderId: "0x1" } })
      yield* execute(LIST)
      const signatureOf = new Map(
        wallet.calls.map((call) => [(call as { message: string }).message, (call as { signature: string }).signature]),
      )
      const posts = api.requestsTo("/order/v4")
      expect(posts).toHaveLength(3)
      for (const post of posts) {
        expect(post.query.signature).toEqual([signatureOf.get((post.body as { message: string }).message)])
      }
    }),
  )

  it.effect("sends one transaction at a time, so two sends from one account never race for a nonce", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
      const wallet = makeFakeWallet()
      let inFlight = 0
      let most = 0
      const slowSends = Layer.succeed(Wallet, {
        ...wallet.service,
        sendTransaction: (args) =>
          Effect.acquireUseRelease(
            Effect.sync(() => {
              inFlight++
              most = Math.max(most, inFlight)
            }),
            () => Effect.andThen(Effect.sleep("100 millis"), wallet.service.sendTransaction(args)),
            () => Effect.sync(() => inFlight--),
          ),
      })
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
        .route("GET", /synced/, () => ({ body: { synced: wallet.sent.length === 3 } }))
      const exit = yield* runWithClock(
        executeSteps(LIST).pipe(Effect.provide(Layer.merge(testLayer({ api, wallet }), slowSends))),
        "100 millis",
        80,
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(wallet.sent).toHaveLength(3)
      expect(most).toBe(1)
    }),
  )
})

describe("steps that share an id", () => {
  it.effect("each step's transaction is sent: one `transfer` step per token", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/transfer/v1", {
          body: {
            steps: [
              step("transfer", "transaction", [txItem(wallet.address)]),
              step("transfer", "transaction", [txItem(wallet.address)]),
              step("transfer", "transaction", [txItem(wallet.address)]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const final = yield* execute({ request: blankRequest("transfer") })
      expect(wallet.sent).toHaveLength(3)
      expect(new Set(final.txHashes.map((entry) => entry.txHash)).size).toBe(3)
    }),
  )
})
