import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as TestClock from "effect/testing/TestClock"
import { WalletError } from "../../../src/errors/index.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { blankRequest } from "../../support/blankRequest.js"
import { setup, step, txItem } from "../fixtures.js"

const LIST = { request: blankRequest("list") } as const
const listing = (wallet: { readonly address: `0x${string}` }) => ({
  body: { steps: [step("nft-approval", "transaction", [txItem(wallet.address)])] },
})

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  return Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [key: string]: unknown
  }
}

/** Captures log lines at every level, as text. */
const captureLogs = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) =>
    lines.push(`${logLevel.toUpperCase()} ${Array.isArray(message) ? message.join(" ") : String(message)}`),
  )
  return { lines, layer: Layer.merge(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, "All")) }
}

describe("confirming: the receipt has the last word over the API", () => {
  it.effect("a reverted receipt fails the item even when the API already said synced", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup()
      wallet.behaviour.receipts.push("revert")
      // Chain 1 polls every 2 s: the fallback asks the API at 2 s, the receipt comes at 2.5 s.
      wallet.behaviour.receiptDelay = "2500 millis"
      api.route("POST", "/execute/list/v5", listing(wallet)).route("GET", /synced/, { body: { synced: true } })
      const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
      yield* TestClock.adjust("2499 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      const error = failureOf(yield* Fiber.join(fiber))
      expect(error).toMatchObject({
        _tag: "TransactionFailedError",
        reason: "reverted",
        message: "Transaction failed",
        txHash: wallet.sent[0]!.hash,
      })
      expect(snapshots.at(-1)!.status).toBe("error")
      expect(api.requestsTo(/synced/)).toHaveLength(1)
    }),
  )

  it.effect("a check reporting success does not hide a revert either", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push("revert")
      wallet.behaviour.receiptDelay = "3 seconds"
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("sale", "transaction", [
                { ...txItem(wallet.address), check: { endpoint: "/execute/status/v1", body: { kind: "transaction" } } },
              ]),
            ],
          },
        })
        .route("POST", "/execute/status/v1", { body: { status: "success", txHashes: [`0x${"ab".repeat(32)}`] } })
      const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
      yield* TestClock.adjust("3 seconds")
      expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({ _tag: "TransactionFailedError", reason: "reverted" })
    }),
  )

  it.effect("success is reported once the receipt says success, not before", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receiptDelay = "3 seconds"
      api.route("POST", "/execute/list/v5", listing(wallet)).route("GET", /synced/, { body: { synced: true } })
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("2999 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      // The API was asked once: its word was in, only the receipt was awaited.
      expect(api.requestsTo(/synced/)).toHaveLength(1)
    }),
  )

  it.effect("a wallet that cannot read receipts: the API's word stands, logged at debug", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
      const wallet = makeFakeWallet()
      const logs = captureLogs()
      api
        .route("POST", "/execute/list/v5", listing(wallet))
        .route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
      const blind = Layer.succeed(Wallet, {
        ...wallet.service,
        waitForReceipt: () =>
          Effect.fail(
            new WalletError({ operation: "waitForReceipt", message: "eth_getTransactionReceipt is not supported" }),
          ),
      })
      const fiber = yield* Effect.forkChild(
        executeSteps(LIST).pipe(
          Effect.provide(Layer.merge(testLayer({ api, wallet, options: { logLevel: 4 } }), blind)),
          Effect.provide(logs.layer),
        ),
      )
      yield* TestClock.adjust("2 seconds")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      expect(
        logs.lines.some((line) =>
          line.startsWith(
            "DEBUG tradekit: receipt watch failed, relying on the API: eth_getTransactionReceipt is not supported",
          ),
        ),
      ).toBe(true)
    }),
  )

  it.effect(
    "a receipt that never comes is awaited for the rest of the poll budget only, then the API's word stands",
    () =>
      Effect.gen(function* () {
        // Chain 1 polls every 2 s; 3 attempts make a 6 s budget, counted from the first poll.
        const { api, wallet, execute } = setup({ maxPollingAttemptsBeforeTimeout: 3 })
        wallet.behaviour.receipts.push("pending")
        api
          .route("POST", "/execute/list/v5", listing(wallet))
          .route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
        const fiber = yield* Effect.forkChild(execute(LIST))
        yield* TestClock.adjust("5999 millis")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("1 millis")
        expect((yield* Fiber.join(fiber)).status).toBe("complete")
        expect(api.requestsTo(/synced/)).toHaveLength(2)
      }),
  )

  it.effect("a replacement the receipt reveals after the API said synced is followed to the new hash", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push({ replace: "repriced" })
      wallet.behaviour.receiptDelay = "1 second"
      api.route("POST", "/execute/list/v5", listing(wallet)).route("GET", /synced/, { body: { synced: true } })
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("2 seconds")
      const final = yield* Fiber.join(fiber)
      const first = wallet.sent[0]!.hash
      const replacement = final.steps[0]!.items![0]!.internalTxHashes![0]!.txHash
      expect(replacement).not.toBe(first)
      expect(api.requestsTo(`/transactions/${replacement}/synced/v1`)).toHaveLength(1)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("a cancelling replacement the receipt reveals after the API said synced fails the item", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push({ replace: "cancelled" })
      wallet.behaviour.receiptDelay = "1 second"
      api.route("POST", "/execute/list/v5", listing(wallet)).route("GET", /synced/, { body: { synced: true } })
      const fiber = yield* Effect.forkChild(Effect.exit(execute(LIST)))
      yield* TestClock.adjust("1 second")
      expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({
        _tag: "TransactionCancelledError",
        txHash: wallet.sent[0]!.hash,
      })
    }),
  )
})
