import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { Wallet, type WalletService } from "../../../src/services/Wallet.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { blankRequest } from "../../support/blankRequest.js"
import { step, txItem } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [k: string]: unknown
  }

const LIST = { request: blankRequest("list") } as const

const typed = {
  signatureKind: "eip712",
  domain: {
    name: "Exchange",
    version: "1",
    chainId: 1,
    verifyingContract: "0x2222222222222222222222222222222222222222",
  },
  types: { Order: [{ name: "maker", type: "address" }] },
  primaryType: "Order",
  value: { maker: "0x1111111111111111111111111111111111111111" },
}

/**
 * Runs a listing whose only step is `items` against a wallet whose `operation` never answers, with a 30 s
 * wallet time limit: nothing ends before 30 s, and the execution fails at 30 s.
 */
const neverAnswering = (
  operation: "signTypedData" | "sendTransaction",
  kind: "signature" | "transaction",
  items: (address: string) => ReadonlyArray<unknown>,
) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet()
    const api = makeFakeApi()
      .route("POST", "/execute/list/v5", { body: { steps: [step("s", kind, items(wallet.address))] } })
      .route("GET", /synced/, { body: { synced: true } })
    const silent: WalletService = { ...wallet.service, [operation]: () => Effect.never }
    const layer = Layer.merge(
      testLayer({ api, wallet, options: { walletTimeout: 30_000 } }),
      Layer.succeed(Wallet, silent),
    )
    const fiber = yield* Effect.forkChild(Effect.exit(executeSteps(LIST).pipe(Effect.provide(layer))))
    yield* TestClock.adjust("29 seconds")
    expect(fiber.pollUnsafe()).toBeUndefined()
    yield* TestClock.adjust("1 second")
    return failureOf(yield* Fiber.join(fiber))
  })

describe("wallet time limit", () => {
  it.effect("typed data the wallet never signs fails with WalletTimeoutError after walletTimeout", () =>
    Effect.gen(function* () {
      const error = yield* neverAnswering("signTypedData", "signature", () => [
        { status: "incomplete", data: { sign: typed } },
      ])
      expect(error).toMatchObject({
        _tag: "WalletTimeoutError",
        operation: "signTypedData",
        timeoutMs: 30_000,
        message: "The wallet did not answer signTypedData within 30000 ms",
      })
    }),
  )

  it.effect("a transaction the wallet never sends fails with WalletTimeoutError after walletTimeout", () =>
    Effect.gen(function* () {
      const error = yield* neverAnswering("sendTransaction", "transaction", (address) => [
        txItem(address as `0x${string}`),
      ])
      expect(error).toMatchObject({
        _tag: "WalletTimeoutError",
        operation: "sendTransaction",
        timeoutMs: 30_000,
        message: "The wallet did not answer sendTransaction within 30000 ms",
      })
    }),
  )
})
