import { describe, expect, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Wallet, type WalletService } from "../../../src/services/Wallet.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"

describe("Wallet", () => {
  it("is keyed tradekit/Wallet, so every copy of tradekit finds the same wallet", () => {
    expect(Wallet.key).toBe("tradekit/Wallet")
    const service = makeFakeWallet().service
    const context = Context.make(Wallet, service)
    expect(Context.getUnsafe(context, Context.Service<Wallet, WalletService>("tradekit/Wallet"))).toBe(service)
  })

  it.effect("hands an action the wallet a layer provides", () =>
    Effect.gen(function* () {
      const fake = makeFakeWallet()
      const address = yield* Effect.gen(function* () {
        const wallet = yield* Wallet
        return yield* wallet.address
      }).pipe(Effect.provide(Layer.succeed(Wallet, fake.service)))
      expect(address).toBe(fake.address)
    }),
  )
})
