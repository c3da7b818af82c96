/**
 * Batched calls end to end (EIP-5792 over the devnet's EIP-7702 batching wallet): a USDC buy that needs an
 * approval takes ONE wallet confirmation when the wallet batches, two when batching is off.
 */

import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { createWalletClient, custom, parseUnits } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import {
  type BatchingProvider,
  type Devnet,
  type DevnetAccount,
  devnetBatchingProvider,
  startDevnet,
} from "../../../devnet/index.js"
import { resumeExecution } from "../../../src/actions/resume.js"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { withReservoirBook } from "../../../src/apis/reservoir/reservoirBook.js"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import { executorCapabilities } from "../../../src/capabilities/executorCapabilities.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { ClientConfig, type ClientSettings } from "../../../src/services/ClientConfig.js"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { PROMPTS, reads, stepIdsWithItems } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number): DevnetAccount => devnet.accounts.users[n - 1]!
const punks = () => devnet.contracts.origin.punks

/** The last wallet of each user: the wallet (its extension, say) outlives a page reload, and knows its batches. */
const providers = new Map<string, BatchingProvider>()

/** The devnet batching wallet of `user` as a tradekit layer; `prompts()` lists what it asked the user to confirm. */
const batchingWalletLayer = (
  buyer: DevnetAccount,
  options: {
    readonly walletBatches: boolean
    readonly settings?: ClientSettings
    readonly provider?: BatchingProvider
  },
) => {
  const provider = options.provider ?? devnetBatchingProvider(devnet, buyer, { batching: options.walletBatches })
  providers.set(buyer.address, provider)
  const methods: Array<string> = []
  const recording = {
    request: (args: { readonly method: string; readonly params?: unknown }) => (
      methods.push(args.method), provider.request(args)
    ),
  }
  const client = createWalletClient({
    account: provider.address,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom(recording),
  })
  const config = ClientConfig.layer({ ...options.settings, chains: devnet.chains })
  const origin = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const wallet = fromViemWalletClient(client, {
    publicClients: { [devnet.originChainId]: origin },
    receiptPollingInterval: 100,
  })
  const layer = Layer.mergeAll(
    config,
    withReservoirBook(ApiClient.layerFetch.pipe(Layer.provide(config))),
    Layer.succeed(Wallet, wallet),
    capabilitiesLayer(executorCapabilities),
  )
  return { layer, wallet, prompts: () => methods.filter((method) => PROMPTS.has(method)) }
}

/** Buys `tokenId` in USDC for `buyer` through the devnet batching wallet. */
const buyWithBatchingWallet = async (
  buyer: DevnetAccount,
  tokenId: bigint,
  options: { readonly walletBatches: boolean; readonly settings?: ClientSettings },
) => {
  const { layer, prompts } = batchingWalletLayer(buyer, options)
  const snapshots: Array<ExecutionSnapshot> = []
  const outcome = await Effect.runPromise(
    Effect.result(
      executeSteps({
        request: {
          action: "buy",
          params: {
            items: [{ token: `${punks()}:${tokenId}` }],
            taker: buyer.address,
            currency: devnet.contracts.origin.usdc,
          },
        },
        onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)),
      }),
    ).pipe(Effect.provide(layer)),
  )
  if (Result.isFailure(outcome))
    throw new Error(`the buy failed: ${outcome.failure.message}`, { cause: outcome.failure })
  return { final: outcome.success, snapshots, prompts: prompts() }
}

/** A snapshot of the batched buy taken while its batch was in flight: sent, its calls id journaled, not landed. */
let inFlight: ExecutionSnapshot | undefined

describe("batched calls (EIP-5792) against the devnet", () => {
  it("a USDC buy needing approval completes with ONE wallet confirmation", async () => {
    const r = reads(devnet)
    const { usdc } = devnet.contracts.origin
    expect(await r.allowance(usdc, user(3).address)).toBe(0n)
    const usdcBefore = await r.erc20(usdc, user(3).address)

    const { final, snapshots, prompts } = await buyWithBatchingWallet(user(3), 5n, { walletBatches: true })

    expect(prompts).toEqual(["wallet_sendCalls"])
    expect(stepIdsWithItems(final.steps)).toEqual(["currency-approval", "sale"])
    expect(await r.ownerOf(punks(), 5n)).toBe(user(3).address)
    expect(usdcBefore - (await r.erc20(usdc, user(3).address))).toBe(parseUnits("50", 6))
    // One transaction carried both: each item shows it, confirmed, and the sale's transfers were indexed.
    const [approval, sale] = final.steps.filter((s) => (s.items?.length ?? 0) > 0).map((s) => s.items![0]!)
    const hash = approval!.internalTxHashes?.[0]?.txHash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(sale!.internalTxHashes?.[0]?.txHash).toBe(hash)
    expect([approval!.status, sale!.status]).toEqual(["complete", "complete"])
    expect(sale!.transfersData).toEqual([
      expect.objectContaining({ to: user(3).address, token: { contract: punks(), tokenId: "5" } }),
    ])
    expect(final.journal?.filter((entry) => entry._tag.startsWith("Batch")).map((entry) => entry._tag)).toEqual([
      "BatchRequested",
      "BatchSent",
    ])
    expect(
      snapshots.some(
        (s) =>
          s.status === "running" &&
          s.steps.every((step) => (step.items ?? []).every((item) => item.txHashes?.[0]?.txHash === hash)),
      ),
    ).toBe(true)
    inFlight = JSON.parse(JSON.stringify(snapshots.find((s) => s.journal?.at(-1)?._tag === "BatchSent")))
  })

  it("resume of that batch in flight waits for its calls id: no second batch, no confirmation asked", async () => {
    expect(inFlight?.journal?.map((entry) => entry._tag)).toEqual(["BatchRequested", "BatchSent"])
    const { layer, prompts } = batchingWalletLayer(user(3), {
      walletBatches: true,
      provider: providers.get(user(3).address)!,
    })
    const final = await Effect.runPromise(resumeExecution(inFlight!).pipe(Effect.provide(layer)))
    expect(final.status).toBe("complete")
    expect(prompts()).toEqual([])
    expect(await reads(devnet).ownerOf(punks(), 5n)).toBe(user(3).address)
  })

  it("a wallet whose batching is off says so: tradekit would send one by one", async () => {
    const { wallet } = batchingWalletLayer(user(4), { walletBatches: false })
    expect(await Effect.runPromise(wallet.atomicBatch!(devnet.chains[0]!.viemChain!))).toBe(false)
    const { wallet: batching } = batchingWalletLayer(user(4), { walletBatches: true })
    expect(await Effect.runPromise(batching.atomicBatch!(devnet.chains[0]!.viemChain!))).toBe(true)
  })

  it("the same buy with batchTransactions: false takes two confirmations", async () => {
    const r = reads(devnet)
    const { usdc } = devnet.contracts.origin
    expect(await r.allowance(usdc, user(4).address)).toBe(0n)

    const { final, prompts } = await buyWithBatchingWallet(user(4), 12n, {
      walletBatches: true,
      settings: { batchTransactions: false },
    })

    expect(prompts).toEqual(["eth_sendTransaction", "eth_sendTransaction"])
    expect(final.status).toBe("complete")
    expect(await r.ownerOf(punks(), 12n)).toBe(user(4).address)
  })
})
