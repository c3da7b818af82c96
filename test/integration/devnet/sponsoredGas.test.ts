/**
 * Sponsored gas (ERC-7677) end to end: the devnet's paymaster service, its batching wallet's `paymasterService`
 * capability, and tradekit's `paymasterService` chain setting. The USDC-only user (no ETH at all) buys a punk
 * listed in USDC with ONE confirmation, and pays no gas; without the paymaster the same buy is refused before
 * any prompt, because the account cannot pay for gas.
 */
import { createWalletClient, custom, encodeFunctionData, type Hex, type LocalAccount, parseUnits } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { batchExecutorAbi } from "../../../devnet/artifacts/index.js"
import {
  type BatchingProvider,
  type Devnet,
  devnetBatchingProvider,
  devnetInfo,
  startDevnet,
} from "../../../devnet/index.js"
import { USDC_ONLY_PUNK, USDC_ONLY_PUNK_PRICE } from "../../../devnet/seed.js"
import { sponsoredBatchTypedData, sponsoredNonce } from "../../../devnet/wallet/sponsoredBatch.js"
import { createClient } from "../../../src/client.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import { PROMPTS, reads } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

/** The devnet batching wallet of the USDC-only user as a viem WalletClient; `prompts()` lists what it asked to confirm. */
const usdcOnlyWallet = (provider: BatchingProvider = devnetBatchingProvider(devnet, devnet.accounts.usdcOnlyUser)) => {
  const methods: Array<string> = []
  const recording = {
    request: (args: { readonly method: string; readonly params?: unknown }) => (
      methods.push(args.method), provider.request(args)
    ),
  }
  const wallet = createWalletClient({
    account: provider.address,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom(recording),
  })
  return { wallet, prompts: () => methods.filter((method) => PROMPTS.has(method)), methods: () => [...methods] }
}

const sponsoredChains = () =>
  devnet.chains.map((chain) => ({ ...chain, paymasterService: { url: devnet.paymasterUrls[chain.id]! } }))
const punk = () => `${devnet.contracts.origin.punks}:${USDC_ONLY_PUNK}`

describe("sponsored gas (ERC-7677) on the devnet", () => {
  it("the devnet describes its paymaster service and the USDC-only user", async () => {
    const info = devnetInfo(devnet)
    expect(devnet.paymasterUrls[devnet.originChainId]).toBe(`${devnet.apiUrl}/paymaster`)
    expect(info.chains[0]!.paymasterUrl).toBe(devnet.paymasterUrls[devnet.originChainId])
    expect(info.accounts.usdcOnlyUser.address).toBe(devnet.accounts.usdcOnlyUser.address)
    expect(info.accounts.sponsor).toBe(devnet.accounts.sponsor.address)
    const r = reads(devnet)
    expect(await r.eth(devnet.accounts.usdcOnlyUser.address)).toBe(0n)
    expect(await r.erc20(devnet.contracts.origin.usdc, devnet.accounts.usdcOnlyUser.address)).toBe(
      parseUnits("1000", 6),
    )
  })

  it("the paymaster service answers ERC-7677 stub data, and refuses an operation it did not approve", async () => {
    const url = devnet.paymasterUrls[devnet.originChainId]!
    const ask = async (method: string, params: ReadonlyArray<unknown>) =>
      (await (
        await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
        })
      ).json()) as { id: number; result?: Record<string, unknown>; error?: { code: number; message: string } }
    const operation = {
      sender: devnet.accounts.usdcOnlyUser.address,
      nonce: "0x0",
      callData: encodeFunctionData({
        abi: batchExecutorAbi,
        functionName: "execute",
        args: [[{ to: devnet.contracts.origin.usdc, value: 0n, data: "0x" }]],
      }),
    }
    const target = [devnet.contracts.origin.batchExecutor, "0x7a69", {}]
    const stub = await ask("pm_getPaymasterStubData", [operation, ...target])
    expect(stub).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: {
        paymaster: devnet.accounts.sponsor.address,
        paymasterData: "0x",
        sponsor: { name: "tradekit devnet" },
        isFinal: false,
      },
    })
    const refused = await ask("eth_sendUserOperation", [
      { ...operation, signature: "0x", paymasterData: `0x${"11".repeat(32)}` },
      target[0],
    ])
    expect(refused.error).toEqual({
      code: -32500,
      message: "The paymaster did not approve this operation: ask pm_getPaymasterData for it first",
    })
    expect(
      (await ask("pm_getPaymasterData", [operation, devnet.contracts.origin.usdc, "0x7a69", {}])).error?.code,
    ).toBe(-32602)
    expect((await ask("pm_sponsorEverything", [])).error?.code).toBe(-32601)
  })

  it("the batching wallet reports paymasterService support next to atomic", async () => {
    const { wallet } = usdcOnlyWallet()
    const capabilities = await wallet.getCapabilities({ chainId: devnet.originChainId })
    expect(capabilities).toMatchObject({ atomic: { status: "ready" }, paymasterService: { supported: true } })
  })

  it("without a paymaster the buy is refused before any prompt: the account cannot pay for gas", async () => {
    const { wallet, prompts } = usdcOnlyWallet()
    const client = createClient({ chains: devnet.chains })
    const refusal = await client.actions
      .buyToken({ items: [{ token: punk() }], options: { currency: devnet.contracts.origin.usdc }, wallet })
      .then(
        () => undefined,
        (error: unknown) => error as { _tag: string; message: string; balance: string },
      )
    expect(refusal?._tag).toBe("InsufficientFundsError")
    expect(refusal?.message).toMatch(/^The account cannot pay for gas/)
    expect(refusal?.balance).toBe("0")
    expect(prompts()).toEqual([])
  })

  it("a precheck on the sponsored chain says a sponsor pays the network fee", async () => {
    const { wallet } = usdcOnlyWallet()
    const client = createClient({ chains: sponsoredChains() })
    const answer = (await client.actions.buyToken({
      items: [{ token: punk() }],
      options: { currency: devnet.contracts.origin.usdc },
      wallet,
      precheck: true,
    })) as ExecuteResponse & { networkFee?: { paidBy?: string; userFee?: string } }
    const approval = answer.steps.find((step) => step.id === "currency-approval")!.items![0]!
    expect(approval.networkFee).toMatchObject({ paidBy: "sponsor", userFee: "0" })
    expect(answer.networkFee).toMatchObject({ paidBy: "sponsor", userFee: "0" })
  })

  it("with the chain's paymasterService the USDC-only user buys with ONE confirmation and no ETH", async () => {
    const r = reads(devnet)
    const { usdc, punks } = devnet.contracts.origin
    const buyer = devnet.accounts.usdcOnlyUser.address
    const usdcBefore = await r.erc20(usdc, buyer)
    const sponsorBefore = await r.eth(devnet.accounts.sponsor.address)
    const { wallet, prompts } = usdcOnlyWallet()
    const client = createClient({ chains: sponsoredChains() })
    const snapshots: Array<{
      journal?: ReadonlyArray<{ _tag: string; sponsored?: boolean }> | undefined
      steps: ReadonlyArray<unknown>
    }> = []

    const result = await client.actions.buyToken({
      items: [{ token: punk() }],
      options: { currency: usdc },
      wallet,
      onSnapshot: (snapshot) => snapshots.push(snapshot),
    })

    expect(result).toBe(true)
    expect(prompts()).toEqual(["wallet_sendCalls"])
    expect(await r.eth(buyer)).toBe(0n)
    expect(await r.ownerOf(punks, USDC_ONLY_PUNK)).toBe(buyer)
    expect(usdcBefore - (await r.erc20(usdc, buyer))).toBe(USDC_ONLY_PUNK_PRICE)
    expect(await r.eth(devnet.accounts.sponsor.address)).toBeLessThan(sponsorBefore)
    const last = snapshots.at(-1)!
    expect(last.journal?.filter((entry) => entry._tag.startsWith("Batch"))).toEqual([
      expect.objectContaining({ _tag: "BatchRequested", sponsored: true }),
      expect.objectContaining({ _tag: "BatchSent", sponsored: true }),
    ])
    const items = (
      last.steps as ReadonlyArray<{ items?: ReadonlyArray<{ sponsored?: boolean; status: string }> }>
    ).flatMap((s) => s.items ?? [])
    expect(items.map((item) => [item.status, item.sponsored])).toEqual([
      ["complete", true],
      ["complete", true],
    ])
  })
})

describe("BatchExecutor.executeSponsored refuses what the account did not sign", () => {
  /** A sponsored batch of the USDC-only user: one harmless call (approve 0), signed for `submitter`. */
  const signedBatch = async (submitter: Hex, signer: LocalAccount = devnet.accounts.usdcOnlyUser.account) => {
    const r = reads(devnet)
    const account = devnet.accounts.usdcOnlyUser.address
    const calls = [
      {
        to: devnet.contracts.origin.usdc,
        value: 0n,
        data: encodeFunctionData({
          abi: [
            {
              type: "function",
              name: "approve",
              inputs: [{ type: "address" }, { type: "uint256" }],
              outputs: [{ type: "bool" }],
              stateMutability: "nonpayable",
            },
          ],
          functionName: "approve",
          args: [devnet.contracts.origin.exchange, 0n],
        }),
      },
    ]
    const nonce = await sponsoredNonce(r.client, account)
    const signature = await signer.signTypedData(
      sponsoredBatchTypedData({ account, chainId: devnet.originChainId, calls, nonce, submitter }),
    )
    return { account, calls, nonce, signature }
  }
  /** Simulates `executeSponsored` sent by `from`; resolves with the revert's error name, or "ok". */
  const simulate = async (from: Hex, batch: Awaited<ReturnType<typeof signedBatch>>) => {
    try {
      await reads(devnet).client.simulateContract({
        account: from,
        address: batch.account,
        abi: batchExecutorAbi,
        functionName: "executeSponsored",
        args: [batch.calls, batch.nonce, batch.signature],
      })
      return "ok"
    } catch (error) {
      return (error as { cause?: { data?: { errorName?: string } } }).cause?.data?.errorName ?? String(error)
    }
  }
  const sponsor = () => devnet.accounts.sponsor.address
  const stranger = () => devnet.accounts.users[4]!.address

  it("the sponsor's own signed batch passes; a signature by another key, for another submitter, or replayed reverts", async () => {
    // The account is delegated by the sponsored buy above.
    const good = await signedBatch(sponsor())
    expect(await simulate(sponsor(), good)).toBe("ok")
    expect(await simulate(stranger(), good)).toBe("InvalidSignature")
    expect(
      await simulate(
        sponsor(),
        await signedBatch(sponsor(), privateKeyToAccount(devnet.accounts.users[0]!.privateKey)),
      ),
    ).toBe("InvalidSignature")
    expect(await simulate(sponsor(), { ...good, nonce: good.nonce - 1n })).toBe("InvalidNonce")
  })

  it("execute itself stays the account's own: a stranger's call reverts", async () => {
    const batch = await signedBatch(sponsor())
    const reverted = await reads(devnet)
      .client.simulateContract({
        account: stranger(),
        address: batch.account,
        abi: batchExecutorAbi,
        functionName: "execute",
        args: [batch.calls],
      })
      .then(
        () => "ok",
        (error: { cause?: { data?: { errorName?: string } } }) => error.cause?.data?.errorName,
      )
    expect(reverted).toBe("Unauthorized")
  })
})
