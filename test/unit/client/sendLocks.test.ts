import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { createWalletClient, custom, parseTransaction } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { buy } from "../../../src/actions/buy.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet, TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { NFT, step, txItem } from "../fixtures.js"
import { memoryProvider } from "./memoryProvider.js"

/** A fake wallet whose sends take a second, counting how many are in flight at once. */
const slowWallet = () => {
  const fake = makeFakeWallet()
  const sends = { inFlight: 0, most: 0, count: 0 }
  const layer = Layer.succeed(Wallet, {
    ...fake.service,
    sendTransaction: (args) =>
      Effect.acquireUseRelease(
        Effect.sync(() => {
          sends.count++
          sends.most = Math.max(sends.most, ++sends.inFlight)
        }),
        () => Effect.andThen(Effect.sleep("1 second"), fake.service.sendTransaction(args)),
        () => Effect.sync(() => sends.inFlight--),
      ),
  })
  return { fake, sends, layer }
}

describe("Tradekit.layer's send locks", () => {
  it.effect("the executions run under one layer send one transaction at a time from an account", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
      const { fake, sends, layer: wallet } = slowWallet()
      api
        .route("POST", "/execute/buy/v7", {
          body: { steps: [step("currency-approval", "transaction", [txItem(fake.address)])] },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const layer = Layer.merge(Tradekit.layerWith({ chains: [TEST_CHAIN], retry: NO_RETRY }, api.layer), wallet)

      const both = yield* Effect.forkChild(
        Effect.all([buy({ items: [{ token: `${NFT}:1` }] }), buy({ items: [{ token: `${NFT}:2` }] })], {
          concurrency: "unbounded",
        }).pipe(Effect.provide(layer)),
      )
      yield* TestClock.adjust("10 seconds")

      expect(yield* Fiber.join(both)).toEqual([true, true])
      expect(sends.count).toBe(2)
      expect(sends.most).toBe(1)
    }),
  )
})

describe("a client's send locks", () => {
  it("two actions of one client, one started before configure and one after, send from an account one at a time", async () => {
    const account = privateKeyToAccount(TEST_PRIVATE_KEY)
    const provider = memoryProvider(1)
    const sends = { inFlight: 0, most: 0 }
    // A node that takes a moment to accept a transaction; the nonce it hands out is the count accepted so far.
    const slow = {
      request: async (args: { method: string; params?: ReadonlyArray<unknown> }) => {
        if (args.method !== "eth_sendRawTransaction") return provider.request(args)
        sends.most = Math.max(sends.most, ++sends.inFlight)
        await new Promise((resolve) => setTimeout(resolve, 50))
        sends.inFlight--
        return provider.request(args)
      },
    }
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(slow) })
    const api = makeFakeApi()
    api
      .route("POST", "/execute/buy/v7", {
        body: { steps: [step("currency-approval", "transaction", [txItem(account.address)])] },
      })
      .route("GET", /synced/, { body: { synced: true } })
    const client = createClientWithLayer({ chains: [TEST_CHAIN] }, api.layer)

    const first = client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })
    client.configure({ source: "next.test" })
    const second = client.actions.buyToken({ items: [{ token: `${NFT}:2` }], wallet })

    expect(await Promise.all([first, second])).toEqual([true, true])
    expect(sends.most).toBe(1)
    expect(provider.rawTransactions.map((raw) => parseTransaction(raw).nonce)).toEqual([0, 1])
    await client.dispose()
  })
})
