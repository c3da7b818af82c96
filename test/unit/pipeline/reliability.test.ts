import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { resumeExecution } from "../../../src/actions/resume.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { DEFAULT_RETRY_POLICY } from "../../../src/services/RetryPolicy.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, setup, step, txItem } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [k: string]: unknown
  }

const LIST = { request: blankRequest("list") } as const
const retrying = { retry: DEFAULT_RETRY_POLICY }

describe("retry policy", () => {
  it.effect("retries a transient execute failure (5xx, 429, 408) before anything is signed", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup(retrying)
      api
        .route("POST", "/execute/list/v5", [
          { status: 503, body: { message: "busy" } },
          { status: 429, body: {} },
          { status: 408 },
          { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } },
        ])
        .route("GET", /synced/, { body: { synced: true } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(4)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("retries a malformed first execute answer like a 5xx: one more request, then it runs", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup(retrying)
      api
        .route("POST", "/execute/list/v5", [
          { body: { steps: "not a list" } },
          { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } },
        ])
        .route("GET", /synced/, { body: { synced: true } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(2)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("an execute answer that stays malformed fails with MalformedResponseError after the policy's retries", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ retry: { times: 2, baseDelay: "100 millis", maxDelay: "1 second" } })
      api.route("POST", "/execute/list/v5", { body: { steps: [{ id: 1 }] } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(failureOf(exit)).toMatchObject({ _tag: "MalformedResponseError", endpoint: "/execute/list/v5" })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(3)
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a malformed answer and 5xx answers share one retry budget", () =>
    Effect.gen(function* () {
      const { api, execute } = setup({ retry: { times: 2, baseDelay: "100 millis", maxDelay: "1 second" } })
      api.route("POST", "/execute/list/v5", [
        { status: 503 },
        { body: "{not json" },
        { status: 502 },
        { body: { steps: [] } },
      ])
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(failureOf(exit)).toMatchObject({ _tag: "APIError", statusCode: 502 })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(3)
    }),
  )

  it.effect("does not retry a client error (400): the server's message is the error", () =>
    Effect.gen(function* () {
      const { api, execute } = setup(retrying)
      api.route("POST", "/execute/list/v5", { status: 400, body: { message: "Invalid listing", statusCode: 400 } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(failureOf(exit)).toMatchObject({ _tag: "APIError", message: "Invalid listing", statusCode: 400 })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(1)
    }),
  )

  it.effect("gives up after the policy's retries with the last failure", () =>
    Effect.gen(function* () {
      const { api, execute } = setup({ retry: { times: 2, baseDelay: "100 millis", maxDelay: "1 second" } })
      api.route("POST", "/execute/list/v5", { status: 502, body: { message: "bad gateway" } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      expect(failureOf(exit)).toMatchObject({ _tag: "APIError", statusCode: 502 })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(3)
    }),
  )

  it.effect("waits as long as Retry-After asks, and not longer", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup(retrying)
      api
        .route("POST", "/execute/list/v5", [
          { status: 429, headers: { "retry-after": "7" }, body: { message: "slow down" } },
          { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } },
        ])
        .route("GET", /synced/, { body: { synced: true } })
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("6999 millis")
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(1)
      yield* TestClock.adjust("1 millis")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(2)
    }),
  )

  it.effect("after a signature, a failing execute re-poll is not retried: it is one 'not yet' of the data poll", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup(retrying)
      const first = {
        steps: [
          step("auth", "signature", [
            { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "login" } } },
          ]),
          step("order-signature", "signature", [{ status: "incomplete" }]),
        ],
      }
      const ready = {
        steps: [
          step("auth", "signature", [{ status: "complete" }]),
          step("order-signature", "signature", [
            { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "order" } } },
          ]),
        ],
      }
      api.route("POST", "/execute/list/v5", [
        { body: first },
        { status: 500, body: { message: "oops" } },
        { body: ready },
      ])
      const exit = yield* runWithClock(execute(LIST), "5 seconds", 4)
      expect(Exit.isSuccess(exit)).toBe(true)
      // 1 first fetch + 1 failed re-poll (not retried) + 1 re-poll 5 s later.
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(3)
      expect(wallet.calls.map((c) => c.method)).toEqual(["signMessage", "signMessage"])
    }),
  )

  it.effect("a poll's transient failures are retried inside one attempt and do not eat its budget", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ ...retrying, maxPollingAttemptsBeforeTimeout: 2 })
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, [
          { status: 503 },
          { status: 503 },
          { status: 503 },
          { body: { synced: false } },
          { status: 500 },
          { body: { synced: true } },
        ])
      const exit = yield* runWithClock(execute(LIST), "1 second", 20)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(api.requestsTo(/synced/)).toHaveLength(6)
    }),
  )
})

describe("wallet time limit", () => {
  it.effect("a wallet that never answers a signature fails with WalletTimeoutError after walletTimeout", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("s", "signature", [
              { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "m" } } },
            ]),
          ],
        },
      })
      const wallet = makeFakeWallet()
      const layer = Layer.merge(
        testLayer({ api, wallet, options: { walletTimeout: 30_000 } }),
        Layer.succeed(Wallet, { ...wallet.service, signMessage: () => Effect.never }),
      )
      const fiber = yield* Effect.forkChild(Effect.exit(executeSteps(LIST).pipe(Effect.provide(layer))))
      yield* TestClock.adjust("29 seconds")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 second")
      const exit = yield* Fiber.join(fiber)
      expect(failureOf(exit)).toMatchObject({
        _tag: "WalletTimeoutError",
        operation: "signMessage",
        timeoutMs: 30_000,
        message: "The wallet did not answer signMessage within 30000 ms",
      })
    }),
  )
})

describe("resume", () => {
  it.effect("a sent transaction the new plan no longer holds is waited for before the new one goes out", () =>
    Effect.gen(function* () {
      const first = setup()
      first.wallet.behaviour.receipts.push("pending")
      first.api.route("POST", "/execute/buy/v7", {
        body: { steps: [step("sale", "transaction", [txItem(first.wallet.address)])] },
      })
      first.api.route("GET", /synced/, { body: { synced: false } })
      const fiber = yield* Effect.forkChild(first.execute())
      yield* TestClock.adjust("3 seconds")
      yield* Fiber.interrupt(fiber)
      const stored = JSON.parse(JSON.stringify(first.snapshots.at(-1))) as ExecutionSnapshot
      expect(first.wallet.sent).toHaveLength(1)
      // The API now plans another call (same recipient and value): the first is still pending, never mined.
      const api = makeFakeApi().route("POST", "/execute/buy/v7", {
        body: {
          steps: [
            step("sale", "transaction", [
              { ...txItem(first.wallet.address), data: { ...txItem(first.wallet.address).data, data: "0xfeedface" } },
            ]),
          ],
        },
      })
      const layer = testLayer({ api, wallet: first.wallet, options: { chains: [TEST_CHAIN] } })
      const exit = yield* runWithClock(resumeExecution(stored).pipe(Effect.provide(layer)), "10 seconds", 100)
      expect(exit._tag === "Failure" ? String(exit.cause) : "success").toContain("TransactionTimeoutError")
      expect(first.wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("continues from a JSON snapshot: the sent transaction is confirmed, not sent again", () =>
    Effect.gen(function* () {
      const first = setup()
      first.wallet.behaviour.receipts.push("pending")
      first.api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("nft-approval", "transaction", [txItem(first.wallet.address)]),
              step("order-signature", "signature", [
                {
                  status: "incomplete",
                  data: { sign: { signatureKind: "eip191", message: "m" }, post: { endpoint: "/order/v4", body: {} } },
                },
              ]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: false } })
      // The page reloads while the approval is being confirmed.
      const fiber = yield* Effect.forkChild(first.execute(LIST))
      yield* TestClock.adjust("3 seconds")
      yield* Fiber.interrupt(fiber)
      const stored = JSON.stringify(first.snapshots.at(-1))
      const sentHash = first.wallet.sent[0]!.hash

      // The API is asked for the plan again; the journal says the approval was sent.
      const api = makeFakeApi()
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("nft-approval", "transaction", [txItem(first.wallet.address)]),
              step("order-signature", "signature", [
                {
                  status: "incomplete",
                  data: { sign: { signatureKind: "eip191", message: "m" }, post: { endpoint: "/order/v4", body: {} } },
                },
              ]),
            ],
          },
        })
        .route("GET", `/transactions/${sentHash}/synced/v1`, { body: { synced: true } })
        .route("POST", "/order/v4", { body: { orderId: "0xo" } })
      const wallet = makeFakeWallet()
      const final = yield* resumeExecution(JSON.parse(stored) as ExecutionSnapshot).pipe(
        Effect.provide(testLayer({ api, wallet })),
      )
      expect(final.status).toBe("complete")
      expect(wallet.sent).toEqual([])
      expect(final.steps[0]!.items![0]!.internalTxHashes).toEqual([{ txHash: sentHash, chainId: 1 }])
      expect(wallet.calls.map((c) => c.method)).toEqual(["waitForReceipt", "signMessage"])
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(1)
    }),
  )

  it.effect("a signature already posted is not signed again; the signature query carries on", () =>
    Effect.gen(function* () {
      const steps = [
        step("order-signature", "signature", [
          {
            status: "incomplete",
            data: { sign: { signatureKind: "eip191", message: "m" }, post: { endpoint: "/order/v4", body: {} } },
            check: { endpoint: "/execute/status/v1" },
          },
        ]),
        step("post-again", "signature", [
          { status: "incomplete", data: { post: { endpoint: "/order/v4", body: {} } } },
        ]),
      ]
      const api = makeFakeApi()
        .route("POST", "/execute/list/v5", { body: { steps } })
        .route("POST", "/execute/status/v1", { body: { status: "success" } })
        .route("POST", "/order/v4", { body: { orderId: "0xsecond" } })
      const wallet = makeFakeWallet()
      const snapshot: ExecutionSnapshot = {
        status: "running",
        request: blankRequest("list"),
        chainId: 1,
        signature: "0xabc",
        txHashes: [],
        steps: [
          step("order-signature", "signature", [
            {
              status: "incomplete",
              orderData: [{ orderId: "0xfirst" }],
              data: { sign: { signatureKind: "eip191", message: "m" }, post: { endpoint: "/order/v4", body: {} } },
              check: { endpoint: "/execute/status/v1" },
            },
          ]),
          step("post-again", "signature", [
            { status: "incomplete", data: { post: { endpoint: "/order/v4", body: {} } } },
          ]),
        ] as never,
      }
      const final = yield* resumeExecution(snapshot).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(final.status).toBe("complete")
      expect(wallet.calls).toEqual([])
      expect(final.steps[0]!.items![0]!.orderData).toEqual([{ orderId: "0xfirst" }])
      expect(api.requestsTo("/order/v4").map((r) => r.query)).toEqual([{ signature: ["0xabc"] }])
      // The plan is asked for again with the signature so far.
      expect(api.requestsTo("/execute/list/v5").map((r) => r.query)).toEqual([{ signature: ["0xabc"] }])
    }),
  )

  it.effect("a snapshot stored before the request named its action resumes with the action its path names", () =>
    Effect.gen(function* () {
      const wallet = makeFakeWallet()
      const api = makeFakeApi()
        .route("POST", "/execute/sell/v7", {
          body: { steps: [step("nft-approval", "transaction", [txItem(wallet.address)])] },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const older = {
        status: "running",
        request: { path: "/execute/sell/v7", body: blankRequest("sell").params },
        chainId: 1,
        txHashes: [],
        steps: [step("nft-approval", "transaction", [txItem(wallet.address)])],
      } as unknown as ExecutionSnapshot
      const published: Array<ExecutionSnapshot> = []
      const final = yield* resumeExecution(older, {
        onProgress: (snapshot) => Effect.sync(() => void published.push(snapshot)),
      }).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(final.status).toBe("complete")
      expect(published[0]!.request).toEqual(blankRequest("sell"))
      expect(final.request.action).toBe("sell")
    }),
  )

  it.effect("a resumed failed execution clears the old error and runs the failed item again", () =>
    Effect.gen(function* () {
      const wallet = makeFakeWallet()
      const api = makeFakeApi()
        .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, { body: { synced: true } })
      const snapshot = {
        status: "error",
        request: blankRequest("list"),
        chainId: 1,
        txHashes: [],
        error: { _tag: "UserRejectedError", message: "User rejected the request." },
        steps: [
          {
            ...step("x", "transaction", [{ ...txItem(wallet.address), error: "User rejected the request." }]),
            error: "User rejected the request.",
          },
        ],
      } as unknown as ExecutionSnapshot
      const final = yield* resumeExecution(snapshot).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(final.status).toBe("complete")
      expect(final.error).toBeUndefined()
      expect(final.steps[0]!.error).toBeUndefined()
      expect(wallet.sent).toHaveLength(1)
    }),
  )
})
