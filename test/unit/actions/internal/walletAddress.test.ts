import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { walletAddress } from "../../../../src/actions/internal/walletAddress.js"
import { ClientConfig } from "../../../../src/services/ClientConfig.js"
import { NO_RETRY } from "../../../../src/services/RetryPolicy.js"
import { Wallet } from "../../../../src/services/Wallet.js"
import { makeFakeWallet } from "../../../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../../../src/testing/testLayer.js"

const config = ClientConfig.layer({ chains: [TEST_CHAIN], retry: NO_RETRY })

/** The fake wallet, but answering `answer` when asked its address. */
const answering = (answer: unknown) => {
  const fake = makeFakeWallet()
  return Layer.succeed(Wallet, { ...fake.service, address: Effect.succeed(answer as never) })
}

describe("walletAddress", () => {
  it.effect("answers the connected account", () =>
    Effect.gen(function* () {
      const fake = makeFakeWallet()
      const address = yield* walletAddress.pipe(Effect.provide(Layer.merge(fake.layer, config)))
      expect(address).toBe(fake.address)
    }),
  )

  it.effect("accepts an address in any letter case", () =>
    Effect.gen(function* () {
      const lower = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"
      const address = yield* walletAddress.pipe(Effect.provide(Layer.merge(answering(lower), config)))
      expect(address).toBe(lower)
    }),
  )

  it.effect.each([["0x1234"], [42], [undefined], ["not an address"]])(
    "refuses the wallet's answer %s with a WalletError",
    ([answer]) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(walletAddress.pipe(Effect.provide(Layer.merge(answering(answer), config))))
        expect(error._tag).toBe("WalletError")
        expect(error).toMatchObject({ operation: "address" })
        expect(error.message).toBe("Wallet address failed: the wallet did not answer an address")
      }),
  )
})
