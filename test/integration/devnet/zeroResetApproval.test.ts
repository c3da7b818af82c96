/**
 * Zero-reset approvals (USDT's rule) on the devnet: a buyer whose nonzero allowance is too low gets
 * `approve(0)`, `approve(n)` and the sale from the API, and a batching wallet sends the three as ONE batch.
 */
import {
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  type LocalAccount,
  maxUint256,
  parseUnits,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listPunks, mintPunks } from "../../../bench/inventory.js"
import { stableTokenAbi } from "../../../devnet/artifacts/index.js"
import { type Devnet, devnetBatchingProvider, startDevnet } from "../../../devnet/index.js"
import { sendBatch } from "../../../devnet/seed.js"
import { createClient } from "../../../src/client.js"
import { reads } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const approveData = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [devnet.contracts.origin.exchange, amount] })

describe("zero-reset approvals (USDT)", () => {
  it("USDT refuses to raise a nonzero allowance; a buy resets it, approves and buys in ONE batch", async () => {
    const { usdt, exchange, punks } = devnet.contracts.origin
    const buyer = devnet.accounts.users[2]!
    const rpcUrl = devnet.rpcUrls[devnet.originChainId]!
    await sendBatch(rpcUrl, devnet.originChainId, [
      {
        account: devnet.accounts.deployer.account,
        to: usdt,
        data: encodeFunctionData({
          abi: stableTokenAbi,
          functionName: "mint",
          args: [buyer.address, parseUnits("100", 6)],
        }),
      },
      { account: buyer.account, to: usdt, data: approveData(1n) },
    ])
    const r = reads(devnet)
    await expect(r.client.call({ account: buyer.address, to: usdt, data: approveData(maxUint256) })).rejects.toThrow(
      /reset the allowance to zero first/,
    )
    const [tokenId] = await mintPunks(devnet, devnet.accounts.users[0]!.address, 1)
    await listPunks(
      devnet,
      devnet.accounts.users[0]!.account as unknown as LocalAccount,
      [tokenId!],
      parseUnits("10", 6),
      usdt,
    )

    const provider = devnetBatchingProvider(devnet, buyer)
    const sent: Array<{ method: string; params?: unknown }> = []
    const wallet = createWalletClient({
      account: provider.address,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: (args: { method: string; params?: unknown }) => (sent.push(args), provider.request(args)),
      }),
    })
    const client = createClient({ chains: devnet.chains })
    const usdtBefore = await r.erc20(usdt, buyer.address)
    await client.actions.buyToken({ items: [{ token: `${punks}:${tokenId}` }], wallet })

    const batches = sent.filter((call) => call.method === "wallet_sendCalls")
    expect(sent.filter((call) => ["wallet_sendCalls", "eth_sendTransaction"].includes(call.method))).toHaveLength(1)
    const calls = (batches[0]!.params as [{ calls: ReadonlyArray<{ to: string; data: string }> }])[0].calls
    expect(calls.map((call) => [call.to.toLowerCase(), call.data.slice(0, 10)])).toEqual([
      [usdt.toLowerCase(), approveData(0n).slice(0, 10)],
      [usdt.toLowerCase(), approveData(0n).slice(0, 10)],
      [exchange.toLowerCase(), expect.stringMatching(/^0x/)],
    ])
    expect(calls[0]!.data).toBe(approveData(0n))
    expect(calls[1]!.data).toBe(approveData(maxUint256))
    expect(await r.ownerOf(punks, tokenId!)).toBe(buyer.address)
    expect(usdtBefore - (await r.erc20(usdt, buyer.address))).toBe(parseUnits("10", 6))
  })
})
