import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { createWalletClient, custom, type Hex, http, parseGwei } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AnvilInstance, anvilAccounts, mine, setAutomine, startAnvil } from "../../../devnet/chain/anvil.js"
import { devnetChain, devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"

/** The live Wallet over viem, against a real anvil: receipts, replacements and cancellations as a user makes them. */
describe("fromViemWalletClient on anvil", () => {
  let node: AnvilInstance
  const [, , , alice, bob] = anvilAccounts(5)

  beforeAll(async () => {
    node = await startAnvil({ chainId: 31337 })
  })
  afterAll(async () => {
    await node.stop()
  })

  const setup = () => {
    const chain = devnetChain(node)
    const client = createWalletClient({ account: alice!, chain, transport: http(node.rpcUrl) })
    const wallet = fromViemWalletClient(client, { receiptPollingInterval: 50 })
    return { chain, client, wallet }
  }

  it("tells its chain and the chain's latest block", async () => {
    const { chain, wallet } = setup()
    const before = await Effect.runPromise(wallet.blockNumber(chain))
    await Effect.runPromise(
      wallet.sendTransaction({
        chain,
        request: { from: alice!.address, to: bob!.address, value: 1n },
        context: {} as never,
      }),
    )
    expect(await Effect.runPromise(wallet.chainId)).toBe(31337)
    // anvil answers the send before its block is committed under load: the latest block is read until it shows.
    await expect
      .poll(() => Effect.runPromise(wallet.blockNumber(chain)), { timeout: 5_000, interval: 20 })
      .toBe(before + 1n)
  })

  it("sends a transaction and sees it mined", async () => {
    const { chain, wallet } = setup()
    const hash = await Effect.runPromise(
      wallet.sendTransaction({
        chain,
        request: { from: alice!.address, to: bob!.address, value: 1n },
        context: {} as never,
      }),
    )
    const outcome = await Effect.runPromise(wallet.waitForReceipt({ chain, hash: hash! }))
    expect(outcome).toMatchObject({ _tag: "Mined", hash, status: "success" })
  })

  it("a local account sends with the nonce it is given, without reading it again", async () => {
    const chain = devnetChain(node)
    const methods: Array<string> = []
    const base = http(node.rpcUrl)
    const client = createWalletClient({
      account: alice!,
      chain,
      transport: (options) => {
        const inner = base(options)
        return {
          ...inner,
          request: ((args: { method: string }) => (
            methods.push(args.method), inner.request(args as never)
          )) as typeof inner.request,
        }
      },
    })
    const nonce = await devnetPublicClient(node).getTransactionCount({ address: alice!.address, blockTag: "pending" })
    const wallet = fromViemWalletClient(client)
    const hash = await Effect.runPromise(
      wallet.sendTransaction({
        chain,
        request: { from: alice!.address, to: bob!.address, value: 1n },
        context: {} as never,
        nonce,
      }),
    )
    expect((await devnetPublicClient(node).getTransaction({ hash: hash! })).nonce).toBe(nonce)
    expect(methods).not.toContain("eth_getTransactionCount")
    expect(methods).toContain("eth_sendRawTransaction")
  })

  it("reports a sped-up transaction as repriced, with the replacement's hash", async () => {
    const { chain, client, wallet } = setup()
    const publicClient = devnetPublicClient(node)
    await setAutomine(node.rpcUrl, false)
    try {
      const request = {
        from: alice!.address,
        to: bob!.address,
        value: 5n,
        maxFeePerGas: parseGwei("2"),
        maxPriorityFeePerGas: parseGwei("1"),
      }
      const hash = (await Effect.runPromise(wallet.sendTransaction({ chain, request, context: {} as never })))!
      const nonce = (await publicClient.getTransaction({ hash })).nonce
      const sent = { from: alice!.address, nonce, to: bob!.address, value: 5n, input: "0x" as const }
      const watching = Effect.runPromise(wallet.waitForReceipt({ chain, hash, sent }))
      const faster = await client.sendTransaction({
        to: bob!.address,
        value: 5n,
        nonce,
        maxFeePerGas: parseGwei("20"),
        maxPriorityFeePerGas: parseGwei("10"),
      })
      await mine(node.rpcUrl)
      expect(await watching).toEqual({ _tag: "Replaced", hash: faster, reason: "repriced" })
    } finally {
      await setAutomine(node.rpcUrl, true)
    }
  })

  it("reports a replacement that sends nothing to the sender itself as cancelled", async () => {
    const { chain, client, wallet } = setup()
    const publicClient = devnetPublicClient(node)
    await setAutomine(node.rpcUrl, false)
    try {
      const request = {
        from: alice!.address,
        to: bob!.address,
        value: 7n,
        maxFeePerGas: parseGwei("2"),
        maxPriorityFeePerGas: parseGwei("1"),
      }
      const hash = (await Effect.runPromise(wallet.sendTransaction({ chain, request, context: {} as never })))!
      const nonce = (await publicClient.getTransaction({ hash })).nonce
      const sent = { from: alice!.address, nonce, to: bob!.address, value: 7n, input: "0x" as const }
      const watching = Effect.runPromise(wallet.waitForReceipt({ chain, hash, sent }))
      const cancel = await client.sendTransaction({
        to: alice!.address,
        value: 0n,
        nonce,
        maxFeePerGas: parseGwei("20"),
        maxPriorityFeePerGas: parseGwei("10"),
      })
      await mine(node.rpcUrl)
      expect(await watching).toEqual({ _tag: "Replaced", hash: cancel, reason: "cancelled" })
    } finally {
      await setAutomine(node.rpcUrl, true)
    }
  })

  it("reports a reverted transaction as mined with status reverted", async () => {
    const { chain, wallet } = setup()
    // Calling an address with code that reverts: deploy `revert(0,0)` (0x5f5ffd) via a creation tx.
    const deployer = createWalletClient({ account: bob!, chain, transport: http(node.rpcUrl) })
    const creation = await deployer.sendTransaction({ data: "0x600380600b6000396000f35f5ffd" as Hex })
    const receipt = await devnetPublicClient(node).waitForTransactionReceipt({ hash: creation })
    const hash = (await Effect.runPromise(
      wallet.sendTransaction({
        chain,
        request: { from: alice!.address, to: receipt.contractAddress!, gas: 100_000n },
        context: {} as never,
      }),
    ))!
    expect(await Effect.runPromise(wallet.waitForReceipt({ chain, hash }))).toMatchObject({
      _tag: "Mined",
      status: "reverted",
    })
  })

  it("maps an EIP-1193 user rejection (4001) to UserRejectedError", async () => {
    const chain = devnetChain(node)
    const rejecting = createWalletClient({
      account: alice!.address,
      chain,
      transport: custom({
        request: async ({ method }) => {
          if (method === "eth_chainId") return `0x${chain.id.toString(16)}`
          throw Object.assign(new Error("User rejected the request."), { code: 4001 })
        },
      }),
    })
    const exit = await Effect.runPromiseExit(
      fromViemWalletClient(rejecting).signMessage({ message: "hi", chainId: chain.id, context: {} as never }),
    )
    expect(exit).toMatchObject(Exit.fail({ _tag: "UserRejectedError", operation: "signMessage" }))
  })

  it("refuses to send on another chain when the wallet does not switch, naming both ids", async () => {
    const { wallet } = setup()
    const other = devnetChain({ rpcUrl: node.rpcUrl, chainId: 31338 })
    const exit = await Effect.runPromiseExit(
      wallet.sendTransaction({
        chain: other,
        request: { from: alice!.address, to: bob!.address, value: 1n },
        context: {} as never,
      }),
    )
    expect(exit).toMatchObject(Exit.fail({ _tag: "ChainMismatchError", walletChainId: 31337, expectedChainId: 31338 }))
  })
})
