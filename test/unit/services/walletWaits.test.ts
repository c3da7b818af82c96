import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { buy, type ClientOptions, Wallet, type WalletService } from "../../../src/index.js"
import { type FakeApi, type FakeWallet, makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { buyNeedingApproval, EXCHANGE, NFT, routeBuy, TOKEN } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** Buys with `service` standing in for the fake wallet (which records what reaches it), forked. */
const forkBuy = (api: FakeApi, wallet: FakeWallet, service: WalletService, options: ClientOptions = {}) =>
  Effect.forkChild(
    Effect.exit(
      buy({ items: [{ token: `${NFT}:1` }] }).pipe(
        Effect.provide(Layer.merge(testLayer({ api, wallet, options }), Layer.succeed(Wallet, service))),
      ),
    ),
  )

describe("wallet waits are bounded", () => {
  it.effect(
    "a batch whose status never comes back fails within attempts × (interval + callsStatusTimeout): 75 × (2 s + 10 s) = 15 min",
    () =>
      Effect.gen(function* () {
        const wallet = makeFakeWallet()
        wallet.behaviour.atomicBatch = true
        let reads = 0
        const silent: WalletService = {
          ...wallet.service,
          callsStatus: () => Effect.suspend(() => (reads++, Effect.never)),
        }
        const fiber = yield* forkBuy(routeBuy(makeFakeApi(), buyNeedingApproval(wallet)), wallet, silent)
        // Each read is cut at 10 s and counts as "not yet": 75 reads take 12 min 30 s.
        yield* TestClock.adjust("12 minutes")
        expect(fiber.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust("3 minutes")
        expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({ _tag: "PollTimeoutError", attempts: 75 })
        expect(reads).toBe(75)
        expect(wallet.batches).toHaveLength(1)
        expect(wallet.sent).toEqual([])
      }),
  )

  it.effect(
    "a capability probe that never answers means no batches: after capabilitiesTimeout the items go one by one",
    () =>
      Effect.gen(function* () {
        const wallet = makeFakeWallet()
        wallet.behaviour.atomicBatch = true
        const silent: WalletService = { ...wallet.service, atomicBatch: () => Effect.never }
        const fiber = yield* forkBuy(routeBuy(makeFakeApi(), buyNeedingApproval(wallet)), wallet, silent)
        yield* TestClock.adjust("9999 millis")
        expect(wallet.sent).toEqual([])
        for (let i = 0; i < 30 && fiber.pollUnsafe() === undefined; i++) yield* TestClock.adjust("1 second")
        const exit = yield* Fiber.join(fiber)
        expect(Exit.isSuccess(exit)).toBe(true)
        expect(wallet.batches).toEqual([])
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      }),
  )

  it.effect("capabilitiesCheck: false never asks the wallet whether it batches, and sends one by one", () =>
    Effect.gen(function* () {
      const wallet = makeFakeWallet()
      wallet.behaviour.atomicBatch = true
      let probes = 0
      const counting: WalletService = { ...wallet.service, atomicBatch: () => Effect.sync(() => (probes++, true)) }
      const fiber = yield* forkBuy(routeBuy(makeFakeApi(), buyNeedingApproval(wallet)), wallet, counting, {
        capabilitiesCheck: false,
      })
      for (let i = 0; i < 30 && fiber.pollUnsafe() === undefined; i++) yield* TestClock.adjust("1 second")
      expect(Exit.isSuccess(yield* Fiber.join(fiber))).toBe(true)
      expect(probes).toBe(0)
      expect(wallet.batches).toEqual([])
      expect(wallet.sent).toHaveLength(2)
    }),
  )
})
