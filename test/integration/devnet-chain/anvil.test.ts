import { createWalletClient, http, parseEther } from "viem"
import { describe, expect, it } from "vitest"
import {
  AnvilStartError,
  anvilAccounts,
  dropTransaction,
  mine,
  rpc,
  setAutomine,
  setIntervalMining,
  startAnvil,
} from "../../../devnet/chain/anvil.js"
import { devnetChain, devnetPublicClient } from "../../../devnet/chain/deploy.js"

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe("anvil", () => {
  it("starts fast on a free port and stop leaves no process", async () => {
    const anvil = await startAnvil({ chainId: 31999 })
    try {
      console.info(`anvil start: ${anvil.startMs} ms (pid ${anvil.pid}, ${anvil.rpcUrl})`)
      expect(anvil.startMs).toBeLessThan(1500)
      expect(Number(await rpc<string>(anvil.rpcUrl, "eth_chainId"))).toBe(31999)
      expect(isAlive(anvil.pid)).toBe(true)
      const [first] = anvilAccounts(1)
      expect(await devnetPublicClient(anvil).getBalance({ address: first!.address })).toBe(parseEther("10000"))
    } finally {
      await anvil.stop()
    }
    expect(isAlive(anvil.pid)).toBe(false)
    await anvil.stop() // idempotent
  })

  it("fails fast with the node's output when the requested port is taken", async () => {
    const first = await startAnvil({ chainId: 31998 })
    try {
      const started = performance.now()
      const error = await startAnvil({ chainId: 31998, port: first.port }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AnvilStartError)
      expect((error as AnvilStartError).output).toMatch(/already in use/i)
      expect(await rpc<string>(first.rpcUrl, "eth_chainId")).toBe("0x7cfe") // the first node is unaffected
      expect(performance.now() - started).toBeLessThan(5000)
    } finally {
      await first.stop()
    }
  })

  it("holds transactions with automine off, drops one, mines the rest", async () => {
    const anvil = await startAnvil({ chainId: 31997 })
    try {
      const [a, b] = anvilAccounts(2)
      const client = devnetPublicClient(anvil)
      const wallet = createWalletClient({ account: a!, chain: devnetChain(anvil), transport: http(anvil.rpcUrl) })
      await setAutomine(anvil.rpcUrl, false)
      const dropped = await wallet.sendTransaction({ to: b!.address, value: 1n, nonce: 0, gas: 21_000n })
      expect(await client.getBlockNumber()).toBe(0n)
      await dropTransaction(anvil.rpcUrl, dropped)
      const replacement = await wallet.sendTransaction({ to: b!.address, value: 3n, nonce: 0, gas: 21_000n })
      await mine(anvil.rpcUrl)
      expect((await client.getTransactionReceipt({ hash: replacement })).status).toBe("success")
      await expect(client.getTransactionReceipt({ hash: dropped })).rejects.toThrow()

      await setIntervalMining(anvil.rpcUrl, 1)
      const before = await client.getBlockNumber()
      await new Promise((r) => setTimeout(r, 1300))
      expect(await client.getBlockNumber()).toBeGreaterThan(before)
    } finally {
      await anvil.stop()
    }
  })
})
