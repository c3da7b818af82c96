import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { defineChain } from "viem"
import { blankRequest } from "../../support/blankRequest.js"
import { EXCHANGE, type FakeApi, type FakeWallet, NFT, runWithClock, setup, step, txItem } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  return Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [key: string]: unknown
  }
}

const listing = (items: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) => ({
  body: { steps: [step("nft-approval", "transaction", items)], ...extra },
})

const LIST = { request: blankRequest("list") } as const

/** Two chains: the origin, whose API answers the deposit's checks, and the active destination. */
const CROSS_CHAINS = [
  { id: 1, name: "Origin", baseApiUrl: "https://api.test" },
  { id: 31338, name: "Destination", baseApiUrl: "https://dest.test", active: true },
]

/** Routes a cross-chain call planned as one deposit on chain 1, checked at `/intents/status` as request `id`. */
const routeDeposit = (api: FakeApi, wallet: FakeWallet, id: string) =>
  api.route("POST", "/execute/call/v1", {
    body: {
      steps: [
        step("deposit", "transaction", [
          {
            ...txItem(wallet.address),
            data: { ...txItem(wallet.address).data, chainId: 1 },
            check: { endpoint: "/intents/status", method: "POST", body: { kind: "cross-chain-intent", id } },
          },
        ]),
      ],
    },
  })

describe("executeSteps: transactions", () => {
  it.effect("times out after exactly maxPollingAttemptsBeforeTimeout polls, naming the hash and the explorer", () =>
    Effect.gen(function* () {
      const chain = {
        id: 1,
        name: "Ethereum",
        baseApiUrl: "https://api.test",
        active: true,
        checkPollingInterval: 1000,
        viemChain: defineChain({
          id: 1,
          name: "Ethereum",
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [] } },
          blockExplorers: { default: { name: "Etherscan", url: "https://etherscan.io/" } },
        }),
      }
      const { api, wallet, execute } = setup({ chains: [chain], maxPollingAttemptsBeforeTimeout: 4 })
      wallet.behaviour.receipts.push("pending")
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, { body: { synced: false } })
      const exit = yield* runWithClock(execute(LIST), "1 second", 10)
      const error = failureOf(exit)
      const hash = wallet.sent[0]!.hash
      expect(error._tag).toBe("TransactionTimeoutError")
      expect(error.message).toBe(
        `Failed to receive a successful response for transaction with hash '${hash}' after 4 attempt(s).`,
      )
      expect(error.attempts).toBe(4)
      expect(error.txHash).toBe(hash)
      expect(error.explorerUrl).toBe(`https://etherscan.io/tx/${hash}`)
      expect(api.requestsTo(`/transactions/${hash}/synced/v1`)).toHaveLength(4)
    }),
  )

  it.effect("before the receipt, the API is asked one interval late, then once per interval", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({
        chains: [{ id: 1, name: "E", baseApiUrl: "https://api.test", checkPollingInterval: 3000 }],
      })
      wallet.behaviour.receiptDelay = "7 seconds"
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("2999 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(0)
      yield* TestClock.adjust("1 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(1)
      yield* TestClock.adjust("2999 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(1)
      yield* TestClock.adjust("1 millis")
      expect(api.requestsTo(/synced/)).toHaveLength(2)
      // The API said synced; the receipt still has the last word.
      yield* TestClock.adjust("1 second")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      expect(api.requestsTo(/synced/)).toHaveLength(2)
    }),
  )

  it.effect("the moment the receipt lands the API is asked, then again on a backoff doubling up to the interval", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({
        chains: [{ id: 1, name: "E", baseApiUrl: "https://api.test", checkPollingInterval: 3000 }],
      })
      wallet.behaviour.receiptDelay = "1 second"
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: false } }, { body: { synced: true } }])
      const fiber = yield* Effect.forkChild(execute(LIST))
      const at = (): Array<number> => api.requestsTo(/synced/).map((request) => request.at)
      yield* TestClock.adjust("999 millis")
      expect(at()).toEqual([])
      yield* TestClock.adjust("1 millis")
      expect(at()).toEqual([1000])
      for (let i = 0; i < 18; i++) yield* TestClock.adjust("100 millis")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      // A fifth of the interval, then twice that: asked at 1 s, 1.6 s and 2.8 s; the fallback never asked.
      expect(at()).toEqual([1000, 1600, 2800])
    }),
  )

  it.effect("a cross-chain request's own statuses reach progress as the item's checkStatus, in order", () =>
    Effect.gen(function* () {
      const { api, wallet, snapshots, execute } = setup({ chains: CROSS_CHAINS, maxPollingAttemptsBeforeTimeout: 10 })
      routeDeposit(api, wallet, "0x1").route("POST", "/intents/status", [
        { body: { status: "waiting" } },
        { body: { status: "delayed" } },
        { body: { status: "delayed" } },
        { body: { status: "success" } },
      ])
      const exit = yield* runWithClock(execute({ request: blankRequest("call") }), "1 second", 12)
      expect(Exit.isSuccess(exit)).toBe(true)
      const stages = snapshots
        .map((snapshot) => snapshot.steps[0]?.items?.[0]?.checkStatus)
        .filter((stage, i, all) => stage !== undefined && stage !== all[i - 1])
      expect(stages).toEqual(["waiting", "delayed", "success"])
    }),
  )

  it.effect("a cross-chain fill that times out fails with CrossChainTransactionError", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ chains: CROSS_CHAINS, maxPollingAttemptsBeforeTimeout: 2 })
      wallet.behaviour.receipts.push("pending")
      routeDeposit(api, wallet, "0xrequest").route("POST", "/intents/status", { body: { status: "pending" } })
      const exit = yield* runWithClock(execute({ request: blankRequest("call") }), "1 second", 12)
      const error = failureOf(exit)
      expect(error._tag).toBe("CrossChainTransactionError")
      expect(error.message).toBe(
        "Cross-chain purchase failed, please try again. Your balance can be used for another purchase. For assistance or withdrawal help, please contact the provider.",
      )
      // The check went to the API of the chain the deposit was sent on (the origin), with its body as given.
      const checks = api.requestsTo("/intents/status")
      expect(checks).toHaveLength(2)
      expect(checks.map((check) => check.url.origin)).toEqual(["https://api.test", "https://api.test"])
      expect(checks[0]!.body).toEqual({ kind: "cross-chain-intent", id: "0xrequest" })
      expect(wallet.sent[0]!.chainId).toBe(1)
    }),
  )

  it.effect("polls an item's check with its body as given plus id: txHash, records the API's fill hashes", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const fill = `0x${"ab".repeat(32)}`
      api
        .route("POST", "/execute/buy/v7", {
          body: {
            steps: [
              step("sale", "transaction", [
                {
                  ...txItem(wallet.address),
                  check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "transaction" } },
                },
              ]),
            ],
          },
        })
        .route("POST", "/execute/status/v1", [
          { body: { status: "pending" } },
          { body: { status: "success", txHashes: [fill] } },
        ])
        .route("GET", "/transfers/bulk/v2", {
          body: {
            transfers: [{ txHash: fill, token: { contract: NFT, tokenId: "1" }, from: EXCHANGE, to: wallet.address }],
          },
        })
      const exit = yield* runWithClock(execute(), "5 seconds", 2)
      expect(Exit.isSuccess(exit)).toBe(true)
      const final = (exit as Exit.Success<any, unknown>).value
      const hash = wallet.sent[0]!.hash
      expect(api.requestsTo("/execute/status/v1").map((r) => r.body)).toEqual([
        { kind: "transaction", id: hash },
        { kind: "transaction", id: hash },
      ])
      const item = final.steps[0].items[0]
      expect(item.internalTxHashes).toEqual([{ txHash: hash, chainId: 1 }])
      expect(item.txHashes).toEqual([{ txHash: fill, chainId: 1 }])
      expect(api.requestsTo("/transfers/bulk/v2")[0]!.query.txHash).toEqual([fill])
    }),
  )

  it.effect("sends a check's body exactly as the API gave it: its chainId, id and other fields untouched", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const body = {
        kind: "cross-chain-transaction",
        chainId: 8453,
        id: "0xintent",
        user: wallet.address,
        nested: { a: [1, 2] },
      }
      api
        .route(
          "POST",
          "/execute/list/v5",
          listing([{ ...txItem(wallet.address), check: { endpoint: "/execute/status/v1", method: "POST", body } }]),
        )
        .route("POST", "/execute/status/v1", { body: { status: "success" } })
      const final = yield* execute(LIST)
      expect(final.status).toBe("complete")
      expect(api.requestsTo("/execute/status/v1").map((r) => [r.url.origin, r.body])).toEqual([
        ["https://api.test", body],
      ])
    }),
  )

  it.effect("a check without a body is sent { id: txHash }, as the older SDK does", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route(
          "POST",
          "/execute/list/v5",
          listing([{ ...txItem(wallet.address), check: { endpoint: "/execute/status/v1" } }]),
        )
        .route("POST", "/execute/status/v1", { body: { status: "success" } })
      yield* execute(LIST)
      expect(api.requestsTo("/execute/status/v1").map((r) => r.body)).toEqual([{ id: wallet.sent[0]!.hash }])
    }),
  )

  it.effect("checks a transaction sent on another chain with that chain's API", () =>
    Effect.gen(function* () {
      const chains = [
        { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true },
        { id: 8453, name: "Base", baseApiUrl: "https://api-base.test" },
      ]
      const { api, wallet, execute } = setup({ chains })
      const onBase = { ...txItem(wallet.address), data: { ...txItem(wallet.address).data, chainId: 8453 } }
      api
        .route(
          "POST",
          "/execute/list/v5",
          listing([{ ...onBase, check: { endpoint: "/execute/status/v1", body: { kind: "transaction" } } }, onBase]),
        )
        .route("POST", "/execute/status/v1", { body: { status: "success" } })
        .route("GET", /synced/, { body: { synced: true } })
      yield* execute(LIST)
      expect(wallet.sent.map((sent) => sent.chainId)).toEqual([8453, 8453])
      expect(api.requestsTo("/execute/status/v1").map((r) => r.url.origin)).toEqual(["https://api-base.test"])
      expect(api.requestsTo(/synced/).map((r) => r.url.origin)).toEqual(["https://api-base.test"])
    }),
  )

  it.effect("a check reporting failure fails with 'Transaction failed'", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route(
          "POST",
          "/execute/list/v5",
          listing([
            { ...txItem(wallet.address), check: { endpoint: "/execute/status/v1", body: { kind: "transaction" } } },
          ]),
        )
        .route("POST", "/execute/status/v1", { body: { status: "failure", details: "out of gas" } })
      const error = failureOf(yield* Effect.exit(execute(LIST)))
      expect(error._tag).toBe("TransactionFailedError")
      expect(error.message).toBe("Transaction failed")
      expect(error.reason).toBe("failure")
    }),
  )

  it.effect("a reverted receipt fails at once, without waiting for the API", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push("revert")
      wallet.behaviour.receiptDelay = "1500 millis"
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, { body: { synced: false } })
      const exit = yield* runWithClock(execute(LIST), "500 millis", 4)
      const error = failureOf(exit)
      expect(error).toMatchObject({
        _tag: "TransactionFailedError",
        reason: "reverted",
        message: "Transaction failed",
        txHash: wallet.sent[0]!.hash,
      })
    }),
  )

  it.effect("a replaced (sped-up) transaction switches to the new hash with a full new attempt budget", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup({ maxPollingAttemptsBeforeTimeout: 3 })
      // Chain 1 polls every 2 s: the first hash is polled at 2 s (the fallback, one interval late), then replaced
      // at 2.5 s; the replacement is never confirmed.
      // biome-ignore lint/suspicious/noThenProperty: the fake wallet's receipt script names what follows a replacement `then`
      wallet.behaviour.receipts.push({ replace: "repriced", then: "pending" })
      wallet.behaviour.receiptDelay = "2500 millis"
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, { body: { synced: false } })
      const exit = yield* runWithClock(execute(LIST), "500 millis", 40)
      const error = failureOf(exit)
      const first = wallet.sent[0]!.hash
      const replacement = snapshots.at(-1)!.steps[0]!.items![0]!.txHashes![0]!.txHash
      expect(replacement).not.toBe(first)
      expect(api.requestsTo(`/transactions/${first}/synced/v1`)).toHaveLength(1)
      // Without the reset the replacement would get only the 1 attempt left.
      expect(api.requestsTo(`/transactions/${replacement}/synced/v1`)).toHaveLength(3)
      expect(error.message).toBe(
        `Failed to receive a successful response for transaction with hash '${replacement}' after 3 attempt(s).`,
      )
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("a replaced transaction that is then confirmed completes with the new hash", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push({ replace: "replaced" })
      let confirmedHash = ""
      api.route("POST", "/execute/list/v5", listing([txItem(wallet.address)])).route("GET", /synced/, (req) => {
        const hash = req.path.split("/")[2]!
        const isReplacement = hash !== wallet.sent[0]!.hash
        if (isReplacement) confirmedHash = hash
        return { body: { synced: isReplacement } }
      })
      const exit = yield* runWithClock(execute(LIST), "1 second", 5)
      expect(Exit.isSuccess(exit)).toBe(true)
      const item = (exit as Exit.Success<any, unknown>).value.steps[0].items[0]
      expect(item.internalTxHashes).toEqual([{ txHash: confirmedHash, chainId: 1 }])
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("a cancelling replacement fails with 'Transaction cancelled'", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push({ replace: "cancelled" })
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, { body: { synced: false } })
      const error = failureOf(yield* runWithClock(execute(LIST), "1 second", 2))
      expect(error).toMatchObject({
        _tag: "TransactionCancelledError",
        message: "Transaction cancelled",
        txHash: wallet.sent[0]!.hash,
      })
    }),
  )

  it.effect("a send that returns no hash fails with the older SDK's message", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.returnNoHash = true
      api.route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
      const error = failureOf(yield* Effect.exit(execute(LIST)))
      expect(error).toMatchObject({
        _tag: "TransactionHashMissingError",
        message: "Transaction hash not returned from sendTransaction method",
      })
    }),
  )

  it.effect("a user rejection is a typed UserRejectedError", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.rejectTransactions = true
      api.route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
      const error = failureOf(yield* Effect.exit(execute(LIST)))
      expect(error).toMatchObject({
        _tag: "UserRejectedError",
        message: "User rejected the request.",
        operation: "sendTransaction",
      })
    }),
  )

  it.effect(
    "posts /execute/results/v1 once a transaction's hash is known, with the requestId; its failure is ignored",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        api
          .route("POST", "/execute/list/v5", listing([txItem(wallet.address)], { requestId: "req-1" }))
          .route("GET", /synced/, { body: { synced: true } })
          .route("POST", "/execute/results/v1", { status: 500, body: { message: "boom" } })
        const final = yield* execute(LIST)
        expect(final.status).toBe("complete")
        expect(api.requestsTo("/execute/results/v1").map((r) => r.body)).toEqual([
          { requestId: "req-1", txHash: wallet.sent[0]!.hash, stepId: "nft-approval" },
        ])
      }),
  )

  it.effect(
    "posts /execute/results/v1 as soon as the hash is known, then reports the failure with its error message",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        wallet.behaviour.receipts.push("revert")
        api
          .route("POST", "/execute/list/v5", listing([txItem(wallet.address)], { requestId: "req-2" }))
          .route("GET", /synced/, { body: { synced: false } })
        yield* Effect.exit(execute(LIST))
        yield* TestClock.adjust("1 second")
        expect(api.requestsTo("/execute/results/v1").map((r) => r.body)).toEqual([
          { requestId: "req-2", txHash: wallet.sent[0]!.hash, stepId: "nft-approval" },
          {
            requestId: "req-2",
            txHash: wallet.sent[0]!.hash,
            stepId: "nft-approval",
            errorMessage: "Transaction failed",
          },
        ])
      }),
  )

  it.effect("posts no results without a requestId", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, { body: { synced: true } })
      yield* execute(LIST)
      expect(api.requestsTo("/execute/results/v1")).toEqual([])
    }),
  )

  it.effect("a failed status request is retried as 'not yet', not a failure of the step", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
        .route("GET", /synced/, [
          { status: 502, body: "bad gateway" },
          { body: "{not json" },
          { body: { synced: true } },
        ])
      const exit = yield* runWithClock(execute(LIST), "1 second", 12)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(api.requestsTo(/synced/)).toHaveLength(3)
    }),
  )

  it.effect("confirms buys through /transfers/bulk/v2 and keeps the taker's transfers of route tokens only", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/buy/v7", {
          body: {
            steps: [step("sale", "transaction", [txItem(wallet.address)])],
            path: [{ contract: NFT, tokenId: "1" }],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      api.route("GET", "/transfers/bulk/v2", (_req, call) =>
        call === 0
          ? { body: { transfers: [] } }
          : {
              body: {
                transfers: [
                  {
                    txHash: wallet.sent[0]!.hash,
                    token: { contract: NFT, tokenId: "1" },
                    from: EXCHANGE,
                    to: wallet.address,
                  },
                  {
                    txHash: wallet.sent[0]!.hash,
                    token: { contract: NFT.toUpperCase().replace("0X", "0x"), tokenId: "2" },
                    from: EXCHANGE,
                    to: EXCHANGE,
                  },
                  {
                    txHash: wallet.sent[0]!.hash,
                    token: { contract: EXCHANGE, tokenId: "3" },
                    from: EXCHANGE,
                    to: wallet.address,
                  },
                ],
              },
            },
      )
      const exit = yield* runWithClock(execute(), "1 second", 3)
      expect(Exit.isSuccess(exit)).toBe(true)
      const item = (exit as Exit.Success<any, unknown>).value.steps[0].items[0]
      expect(item.transfersData).toEqual([
        { txHash: wallet.sent[0]!.hash, token: { contract: NFT, tokenId: "1" }, from: EXCHANGE, to: wallet.address },
      ])
      expect(api.requestsTo("/transfers/bulk/v2")).toHaveLength(2)
    }),
  )

  it.effect("on a sell, keeps the transfers the seller sent (the older SDK's precedence slip kept others)", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/sell/v7", {
          body: {
            steps: [step("sale", "transaction", [txItem(wallet.address)])],
            path: [{ contract: NFT, tokenId: "1" }],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", () => ({
          body: {
            transfers: [
              {
                txHash: wallet.sent[0]!.hash,
                token: { contract: NFT, tokenId: "1" },
                from: wallet.address,
                to: EXCHANGE,
              },
              {
                txHash: wallet.sent[0]!.hash,
                token: { contract: EXCHANGE, tokenId: "9" },
                from: wallet.address,
                to: EXCHANGE,
              },
            ],
          },
        }))
      const final = yield* execute({ request: blankRequest("sell") })
      expect(final.steps[0]!.items![0]!.transfersData).toEqual([
        { txHash: wallet.sent[0]!.hash, token: { contract: NFT, tokenId: "1" }, from: wallet.address, to: EXCHANGE },
      ])
    }),
  )

  it.effect("does not poll transfers for a listing's approval, nor for a sale outside buy/sell/mint", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("sale", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, { body: { synced: true } })
      yield* execute(LIST)
      expect(api.requestsTo("/transfers/bulk/v2")).toEqual([])
    }),
  )
})
