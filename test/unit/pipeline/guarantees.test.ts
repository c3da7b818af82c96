import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { resumeExecution } from "../../../src/actions/resume.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"
import { blankRequest } from "../../support/blankRequest.js"
import { EXCHANGE, type FakeApi, type FakeWallet, NFT, setup, step, txItem } from "../fixtures.js"

const setupLayerOf = (api: FakeApi, wallet: FakeWallet) => testLayer({ api, wallet, options: { chains: [TEST_CHAIN] } })

const LIST = { request: blankRequest("list") } as const

const signatureItem = (post: string, extra: Record<string, unknown> = {}) => ({
  status: "incomplete",
  data: {
    sign: { signatureKind: "eip191", message: "list" },
    post: { endpoint: post, method: "POST", body: { order: 1 } },
  },
  ...extra,
})

describe("the plan is validated before the first wallet call", () => {
  it.effect("a transaction's check on another origin is refused before anything is sent", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("nft-approval", "transaction", [txItem(wallet.address)]),
            step("sale", "transaction", [
              txItem(wallet.address, { check: { endpoint: "https://evil.test/status", method: "POST" } }),
            ]),
          ],
        },
      })
      const error = yield* Effect.flip(execute(LIST))
      expect(error._tag).toBe("UnsafeEndpointError")
      expect(error.message).toBe(
        "Refused to call an endpoint outside the API\n\nEndpoint: https://evil.test/status\nAPI: https://api.test",
      )
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a `//host` post endpoint is refused before the signature is made", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: { steps: [step("order-signature", "signature", [signatureItem("//evil.test/order")])] },
      })
      const error = yield* Effect.flip(execute(LIST))
      expect(error._tag).toBe("UnsafeEndpointError")
      expect(wallet.calls).toEqual([])
      expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5"])
    }),
  )

  it.effect("a later step from another account is refused before the first step's transaction is sent", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("nft-approval", "transaction", [txItem(wallet.address)]),
            step("sale", "transaction", [txItem(EXCHANGE)]),
          ],
        },
      })
      const error = yield* Effect.flip(execute(LIST))
      expect(error._tag).toBe("WalletAddressMismatchError")
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect("a re-polled answer is validated again before it is used: its unsafe post is never signed", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", [
        { body: { steps: [step("order-signature", "signature", [{ status: "incomplete", tip: "approve first" }])] } },
        { body: { steps: [step("order-signature", "signature", [signatureItem("https://evil.test/order")])] } },
      ])
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("1 minute")
      const error = yield* Effect.flip(Fiber.join(fiber))
      expect(error._tag).toBe("UnsafeEndpointError")
      expect(wallet.calls).toEqual([])
    }),
  )
})

describe("a signed order is posted at most once", () => {
  it.effect(
    "a 502 on the post is an OrderPostUnknownError after one post, and resume neither signs nor posts again",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute, snapshots } = setup({
          retry: { times: 3, baseDelay: "10 millis", maxDelay: "10 millis" },
        })
        api
          .route("POST", "/execute/list/v5", {
            body: { steps: [step("order-signature", "signature", [signatureItem("/order/v4")])] },
          })
          .route("POST", "/order/v4", { status: 502, body: "bad gateway" })
        const fiber = yield* Effect.forkChild(execute(LIST))
        yield* TestClock.adjust("1 minute")
        const error = yield* Effect.flip(Fiber.join(fiber))
        expect(error._tag).toBe("OrderPostUnknownError")
        expect(error.message).toBe(
          "The order may already exist: its post got no answer, so it is not posted again\n\nEndpoint: /order/v4\n\nDetails: bad gateway",
        )
        expect(api.requestsTo("/order/v4")).toHaveLength(1)
        expect(wallet.calls.map((call) => call.method)).toEqual(["signMessage"])

        const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
        const again = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(setupLayerOf(api, wallet))))
        expect(again._tag).toBe("OrderPostUnknownError")
        expect(api.requestsTo("/order/v4")).toHaveLength(1)
        expect(wallet.calls.map((call) => call.method)).toEqual(["signMessage"])
      }),
  )
})

describe("waits are bounded", () => {
  it.effect("a results post that never answers does not hold completion", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: { requestId: "req-1", steps: [step("nft-approval", "transaction", [txItem(wallet.address)])] },
        })
        .route("GET", /synced/, { body: { synced: true } })
        .route("POST", "/execute/results/v1", () => Effect.never)
      const final = yield* execute(LIST)
      expect(final.status).toBe("complete")
      expect(api.requestsTo("/execute/results/v1")).toHaveLength(1)
    }),
  )
})

describe("resume from a stored snapshot", () => {
  const cases: ReadonlyArray<[string, unknown]> = [
    ["null", null],
    ["a string", "snapshot"],
    [
      "steps that are not a list",
      {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: 3,
        txHashes: [],
      },
    ],
    [
      "a journal entry of an unknown kind",
      {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: [],
        journal: [{ _tag: "Teleported", item: "x" }],
      },
    ],
    [
      "an action tradekit does not have",
      {
        status: "running",
        request: { action: "steal", params: {} },
        chainId: 1,
        steps: [],
        txHashes: [],
      },
    ],
    [
      "an older snapshot whose path names no action",
      { status: "running", request: { path: "/execute/steal/v1", body: {} }, chainId: 1, steps: [], txHashes: [] },
    ],
    [
      "a negative nonce",
      {
        status: "running",
        request: blankRequest("buy"),
        chainId: 1,
        steps: [],
        journal: [{ _tag: "SendRequested", item: "x", chainId: 1, from: NFT, nonce: -1 }],
      },
    ],
  ]
  for (const [name, stored] of cases) {
    it.effect(`${name}: an InvalidSnapshotError, and no request or wallet call`, () =>
      Effect.gen(function* () {
        const { api, wallet } = setup()
        const error = yield* Effect.flip(
          resumeExecution(stored as ExecutionSnapshot).pipe(Effect.provide(setupLayerOf(api, wallet))),
        )
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(error.message).toMatch(
          /^Cannot resume from this snapshot: it is not a valid execution snapshot\n\nDetails: /,
        )
        expect(api.requests).toEqual([])
        expect(wallet.calls).toEqual([])
      }),
    )
  }
})
