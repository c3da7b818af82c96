import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { buy, type ExecutionSnapshot, Wallet, type WalletService } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** A buy whose wallet answers `answer` to the send, through the public action. */
const buyWithSendAnswer = (answer: unknown) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet()
    const sale = {
      id: "sale",
      action: "Buy",
      description: "Buy",
      kind: "transaction",
      items: [
        { status: "incomplete", data: { from: wallet.address, to: EXCHANGE, data: "0xdeadbeef", value: "1000" } },
      ],
    }
    const api = makeFakeApi()
      .route("POST", "/execute/buy/v7", { body: { steps: [sale] } })
      .route("GET", /synced/, { body: { synced: true } })
    const odd: WalletService = { ...wallet.service, sendTransaction: () => Effect.succeed(answer as `0x${string}`) }
    const snapshots: Array<ExecutionSnapshot> = []
    const fiber = yield* Effect.forkChild(
      Effect.exit(
        buy({
          items: [{ token: `${NFT}:1` }],
          onProgress: (snapshot) => Effect.sync(() => void snapshots.push(snapshot)),
        }).pipe(Effect.provide(Layer.merge(testLayer({ api, wallet }), Layer.succeed(Wallet, odd)))),
      ),
    )
    for (let i = 0; i < 10 && fiber.pollUnsafe() === undefined; i++) yield* TestClock.adjust("1 second")
    return { exit: yield* Fiber.join(fiber), snapshots }
  })

describe("a wallet's send answer that is not a transaction hash", () => {
  for (const answer of [42, {}, "0x1234", [`0x${"ab".repeat(32)}`], "not a hash"]) {
    it.effect(`${JSON.stringify(answer)} is a WalletError, not an UnknownError`, () =>
      Effect.gen(function* () {
        const { exit, snapshots } = yield* buyWithSendAnswer(answer)
        const error = failureOf(exit)
        expect(error).toMatchObject({
          _tag: "WalletError",
          operation: "sendTransaction",
          message: "Wallet sendTransaction failed: the wallet answered something that is not a transaction hash",
        })
        expect(error).not.toHaveProperty("cause")
        expect(snapshots.at(-1)).toMatchObject({ status: "error", error: { _tag: "WalletError" } })
      }),
    )
  }
})
