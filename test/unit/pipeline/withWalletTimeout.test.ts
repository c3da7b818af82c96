import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { withWalletTimeout } from "../../../src/pipeline/withWalletTimeout.js"
import type { WalletService } from "../../../src/services/Wallet.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"

const settings = { walletTimeout: 5000, callsStatusTimeout: 1000, capabilitiesCheck: true, capabilitiesTimeout: 300 }
/** A wallet whose address never comes and which never says whether it batches. */
const silent = (): WalletService => ({
  ...makeFakeWallet().service,
  address: Effect.never,
  atomicBatch: () => Effect.never,
})

describe("withWalletTimeout", () => {
  it.effect("a call that waits for the user fails with WalletTimeoutError after walletTimeout, naming the call", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(withWalletTimeout(silent(), settings).address))
      yield* TestClock.adjust("4999 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "WalletTimeoutError", operation: "address", timeoutMs: 5000 })
    }),
  )

  it.effect("no answer in time to whether the wallet batches is 'no batches', not a failure", () =>
    Effect.gen(function* () {
      const wallet = withWalletTimeout(silent(), settings)
      const fiber = yield* Effect.forkChild(wallet.atomicBatch!({ id: 1 } as never))
      yield* TestClock.adjust("300 millis")
      expect(yield* Fiber.join(fiber)).toBe(false)
    }),
  )

  it("with capabilitiesCheck off, the wallet is not asked whether it batches at all", () => {
    expect(withWalletTimeout(silent(), { ...settings, capabilitiesCheck: false }).atomicBatch).toBeUndefined()
  })
})
