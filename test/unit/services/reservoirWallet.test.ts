import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { defineChain, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { withReservoirBook } from "../../../src/apis/reservoir/reservoirBook.js"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import type { StepItem } from "../../../src/schema/Step.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { fromReservoirWallet, type ReservoirWallet } from "../../../src/services/reservoirWallet.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, step, txItem } from "../fixtures.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)
const HASH: Hex = `0x${"ab".repeat(32)}`
/** A configured chain viem knows nothing of, with no RPC URL. */
const CUSTOM = { id: 990_001, name: "Custom", baseApiUrl: "https://api.test", active: true } as const
const noRpc = defineChain({
  id: 990_001,
  name: "Custom",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

/** An older-SDK wallet that records the items it is asked to send and answers with one hash. */
const olderWallet = () => {
  const sentItems: Array<StepItem> = []
  const wallet: ReservoirWallet = {
    address: async () => account.address,
    handleSignMessageStep: async () => undefined,
    handleSendTransactionStep: async (_chainId, item) => {
      sentItems.push(item)
      return HASH
    },
  }
  return { wallet, sentItems }
}

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
  }

const run = (wallet: ReservoirWallet, item: ReturnType<typeof txItem>, gas?: bigint) => {
  const api = makeFakeApi()
    .route("POST", "/execute/buy/v7", { body: { steps: [step("approval", "transaction", [item])] } })
    .route("GET", `/transactions/${HASH}/synced/v1`, { body: { synced: true } })
  const config = ClientConfig.layer({ chains: [CUSTOM], retry: NO_RETRY })
  const layer = Layer.mergeAll(
    config,
    withReservoirBook(ApiClient.layer.pipe(Layer.provide(Layer.merge(api.layer, config)))),
    Layer.succeed(Wallet, fromReservoirWallet(wallet)),
    capabilitiesLayer(allCapabilities),
  )
  const execution = executeSteps({
    request: blankRequest("buy"),
    ...(gas !== undefined ? { gas } : {}),
  })
  // The status poll decides, at the chain's interval.
  return Effect.flatten(runWithClock(Effect.provide(execution, layer), "1 second", 10))
}

describe("fromReservoirWallet", () => {
  it.effect("on a chain with no RPC URL, a receipt watch fails with a typed WalletError and the API decides", () =>
    Effect.gen(function* () {
      const { wallet } = olderWallet()
      const adapter = fromReservoirWallet(wallet)
      const watch = yield* Effect.exit(adapter.waitForReceipt({ chain: noRpc, hash: HASH }))
      expect(failureOf(watch)).toMatchObject({
        _tag: "WalletError",
        operation: "waitForReceipt",
        message:
          "Wallet waitForReceipt failed: No URL was provided to the Transport. Please provide a valid RPC URL to the Transport.",
      })
      expect(failureOf(yield* Effect.exit(adapter.blockNumber(noRpc)))).toMatchObject({
        _tag: "WalletError",
        operation: "getBlockNumber",
      })
      const final = yield* run(wallet, txItem(account.address))
      expect(final.status).toBe("complete")
      expect(final.steps[0]!.items![0]!.txHashes).toEqual([{ txHash: HASH, chainId: CUSTOM.id }])
    }),
  )

  it.effect("hands the older wallet the item with the caller's gas override, as a decimal string", () =>
    Effect.gen(function* () {
      const overridden = olderWallet()
      yield* run(
        overridden.wallet,
        txItem(account.address, { data: { ...txItem(account.address).data, gas: "0x5208" } }),
        300_000n,
      )
      expect(overridden.sentItems.map((item) => (item.data as { gas?: unknown }).gas)).toEqual(["300000"])
      const plain = olderWallet()
      yield* run(plain.wallet, txItem(account.address, { data: { ...txItem(account.address).data, gas: "0x5208" } }))
      expect(plain.sentItems.map((item) => (item.data as { gas?: unknown }).gas)).toEqual(["0x5208"])
    }),
  )
})
