/**
 * The devnet's batching wallet (EIP-5792 over an EIP-7702 delegation to BatchExecutor), driven through viem's
 * own `sendCalls` / `getCallsStatus` / `getCapabilities`, as a dapp would.
 */
import {
  type Address,
  createWalletClient,
  custom,
  encodeFunctionData,
  type Hex,
  http,
  maxUint256,
  parseEther,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  batchExecutorAbi,
  devnetERC1155Abi,
  stableTokenAbi,
  wrappedNativeAbi,
} from "../../../devnet/artifacts/index.js"
import { anvilAccounts } from "../../../devnet/chain/anvil.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import {
  type BatchingProvider,
  createBatchingProvider,
  type Devnet,
  type DevnetAccount,
  devnetBatchingProvider,
  startDevnet,
} from "../../../devnet/index.js"

let devnet: Devnet
let origin: ReturnType<typeof devnetPublicClient>
let usdc: Address
let weth: Address
let exchange: Address

beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
  origin = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  ;({ usdc, weth, exchange } = devnet.contracts.origin)
})

afterAll(async () => {
  await devnet?.stop()
})

const walletOf = (provider: BatchingProvider) =>
  createWalletClient({ account: provider.address, chain: devnet.chains[0]!.viemChain!, transport: custom(provider) })
const user = (n: number): DevnetAccount => devnet.accounts.users[n - 1]!
const allowance = (owner: Address) =>
  origin.readContract({ address: usdc, abi: stableTokenAbi, functionName: "allowance", args: [owner, exchange] })
const wethOf = (owner: Address) =>
  origin.readContract({ address: weth, abi: wrappedNativeAbi, functionName: "balanceOf", args: [owner] })
const delegation = (executor: Address) => `0xef0100${executor.slice(2).toLowerCase()}`
const approveUsdc = (amount: bigint) =>
  ({ to: usdc, abi: stableTokenAbi, functionName: "approve", args: [exchange, amount] }) as const
const wrap = (value: bigint) => ({ to: weth, abi: wrappedNativeAbi, functionName: "deposit", value }) as const
/** Sends a batch that wraps 1 wei and waits for it: the account is delegated afterwards. */
const delegate = async (provider: BatchingProvider) => {
  const wallet = walletOf(provider)
  const { id } = await wallet.sendCalls({ calls: [wrap(1n)] })
  expect((await wallet.waitForCallsStatus({ id, pollingInterval: 50 })).status).toBe("success")
}
/**
 * A funded anvil account the devnet gives no role (mnemonic index 6 or 7), as a wallet on both chains: a
 * fresh account for a test that needs one never delegated before.
 */
const freshProvider = (index: 6 | 7) =>
  createBatchingProvider({
    account: anvilAccounts(index + 1)[index]!,
    chains: [
      {
        chainId: devnet.originChainId,
        rpcUrl: devnet.rpcUrls[devnet.originChainId]!,
        batchExecutor: devnet.contracts.origin.batchExecutor,
      },
      {
        chainId: devnet.destinationChainId,
        rpcUrl: devnet.rpcUrls[devnet.destinationChainId]!,
        batchExecutor: devnet.contracts.destination.batchExecutor,
      },
    ],
  })
/** Fails: the account holds no USDC. */
const sendUsdc = (to: Address) => ({ to: usdc, abi: stableTokenAbi, functionName: "transfer", args: [to, 1n] }) as const

describe("wallet_sendCalls", () => {
  it("delegates on the first batch and lands an approve and a wrap in one transaction", async () => {
    const provider = devnetBatchingProvider(devnet, user(1))
    const wallet = walletOf(provider)
    const { id } = await wallet.sendCalls({
      calls: [approveUsdc(maxUint256), wrap(parseEther("0.5"))],
      forceAtomic: true,
    })
    const result = await wallet.waitForCallsStatus({ id, pollingInterval: 50 })

    expect({
      status: result.status,
      statusCode: result.statusCode,
      atomic: result.atomic,
      chainId: result.chainId,
      version: result.version,
    }).toEqual({
      status: "success",
      statusCode: 200,
      atomic: true,
      chainId: devnet.originChainId,
      version: "2.0.0",
    })
    expect(result.receipts).toHaveLength(1)
    const [receipt] = result.receipts!
    expect(receipt!.status).toBe("success")
    const tx = await origin.getTransaction({ hash: receipt!.transactionHash })
    expect({ type: tx.type, from: tx.from, to: tx.to, authorizations: tx.authorizationList?.length }).toEqual({
      type: "eip7702",
      from: provider.address.toLowerCase(),
      to: provider.address.toLowerCase(),
      authorizations: 1,
    })
    expect(await origin.getCode({ address: provider.address })).toBe(delegation(devnet.contracts.origin.batchExecutor))
    expect(await allowance(provider.address)).toBe(maxUint256)
    expect(await wethOf(provider.address)).toBe(parseEther("0.5"))
    // Both calls' events are in the batch's one receipt, in call order: USDC's Approval, then WETH's.
    expect([...new Set(receipt!.logs.map((l) => l.address.toLowerCase()))]).toEqual([
      usdc.toLowerCase(),
      weth.toLowerCase(),
    ])
  })

  it("sends later batches without a new authorization", async () => {
    const provider = freshProvider(7)
    const wallet = walletOf(provider)
    const typeOf = async (id: string) => {
      const result = await wallet.waitForCallsStatus({ id, pollingInterval: 50 })
      expect(result.status).toBe("success")
      return (await origin.getTransaction({ hash: result.receipts![0]!.transactionHash })).type
    }
    expect(await typeOf((await wallet.sendCalls({ calls: [approveUsdc(5n), wrap(1n)] })).id)).toBe("eip7702")
    expect(await typeOf((await wallet.sendCalls({ calls: [approveUsdc(6n), wrap(1n)] })).id)).toBe("eip1559")
    expect(await allowance(provider.address)).toBe(6n)
    expect(await wethOf(provider.address)).toBe(2n)
  })

  it("reverts the whole batch when one call fails: status 500, no call's effect on chain", async () => {
    const provider = devnetBatchingProvider(devnet, user(2))
    const wallet = walletOf(provider)
    const { id } = await wallet.sendCalls({
      calls: [approveUsdc(7n), wrap(parseEther("0.1")), sendUsdc(user(3).address)],
      forceAtomic: true,
    })
    const result = await wallet.waitForCallsStatus({ id, pollingInterval: 50 })

    expect({ status: result.status, statusCode: result.statusCode, atomic: result.atomic }).toEqual({
      status: "failure",
      statusCode: 500,
      atomic: true,
    })
    expect(result.receipts!.map((r) => r.status)).toEqual(["reverted"])
    expect(await allowance(provider.address)).toBe(0n)
    expect(await wethOf(provider.address)).toBe(0n)
  })

  it("answers a status for an id it never sent with 5730", async () => {
    const wallet = walletOf(devnetBatchingProvider(devnet, user(4)))
    await expect(wallet.getCallsStatus({ id: "0x1234" })).rejects.toMatchObject({
      name: "UnknownBundleIdError",
      code: 5730,
    })
  })

  it("refuses a batch from an account it does not hold with 4100", async () => {
    const provider = devnetBatchingProvider(devnet, user(4))
    const wallet = createWalletClient({
      account: user(3).address,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom(provider),
    })
    // viem wraps the wallet's rejection in a TransactionExecutionError; the wallet's own error is its cause.
    await expect(wallet.sendCalls({ calls: [wrap(1n)] })).rejects.toMatchObject({
      cause: { name: "UnauthorizedProviderError", code: 4100 },
    })
  })
})

describe("BatchExecutor on a delegated account", () => {
  it("refuses execute from anyone but the account itself: an EOA, or another account's batch", async () => {
    const victim = devnetBatchingProvider(devnet, user(5))
    await delegate(victim)
    const held = await wethOf(victim.address)
    const steal: Array<{ to: Address; value: bigint; data: Hex }> = [
      {
        to: weth,
        value: 0n,
        data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "transfer", args: [user(3).address, held] }),
      },
    ]

    await expect(
      origin.simulateContract({
        account: user(3).address,
        address: victim.address,
        abi: batchExecutorAbi,
        functionName: "execute",
        args: [steal],
      }),
    ).rejects.toThrow(/Unauthorized/)

    const attacker = walletOf(devnetBatchingProvider(devnet, user(3)))
    const { id } = await attacker.sendCalls({
      calls: [{ to: victim.address, abi: batchExecutorAbi, functionName: "execute", args: [steal] }],
    })
    expect((await attacker.waitForCallsStatus({ id, pollingInterval: 50 })).statusCode).toBe(500)
    expect(await wethOf(victim.address)).toBe(held)
  })

  it("still receives ERC-1155 safe transfers, which ask a receiver with code", async () => {
    const provider = devnetBatchingProvider(devnet, user(1))
    await delegate(provider)
    expect(await origin.getCode({ address: provider.address })).toBe(delegation(devnet.contracts.origin.batchExecutor))
    const { editions } = devnet.contracts.origin
    const deployer = createWalletClient({
      account: devnet.accounts.deployer.account,
      chain: devnet.chains[0]!.viemChain!,
      transport: http(devnet.rpcUrls[devnet.originChainId]),
    })
    const hash = await deployer.writeContract({
      address: editions,
      abi: devnetERC1155Abi,
      functionName: "mint",
      args: [provider.address, 1n, 2n],
    })
    expect((await origin.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(
      await origin.readContract({
        address: editions,
        abi: devnetERC1155Abi,
        functionName: "balanceOf",
        args: [provider.address, 1n],
      }),
    ).toBe(2n)
  })
})

describe("wallet_getCapabilities", () => {
  it("reports atomic ready before the first batch and supported after it, on that chain only", async () => {
    const provider = freshProvider(6)
    const wallet = walletOf(provider)
    expect(await wallet.getCapabilities()).toEqual({
      [devnet.originChainId]: { atomic: { status: "ready" }, paymasterService: { supported: true } },
      [devnet.destinationChainId]: { atomic: { status: "ready" }, paymasterService: { supported: true } },
    })
    await delegate(provider)
    expect(await wallet.getCapabilities()).toEqual({
      [devnet.originChainId]: { atomic: { status: "supported" }, paymasterService: { supported: true } },
      [devnet.destinationChainId]: { atomic: { status: "ready" }, paymasterService: { supported: true } },
    })
    expect(await wallet.getCapabilities({ chainId: devnet.destinationChainId })).toEqual({
      atomic: { status: "ready" },
      paymasterService: { supported: true },
    })
  })

  it("reports atomic unsupported with batching off, and ready again once it is turned on", async () => {
    const provider = devnetBatchingProvider(devnet, user(4), { batching: false })
    const wallet = walletOf(provider)
    expect(await wallet.getCapabilities({ chainId: devnet.originChainId })).toEqual({
      atomic: { status: "unsupported" },
      paymasterService: { supported: false },
    })
    provider.setBatching(true)
    expect(provider.batching).toBe(true)
    expect(await wallet.getCapabilities({ chainId: devnet.originChainId })).toEqual({
      atomic: { status: "ready" },
      paymasterService: { supported: true },
    })
  })
})

describe("with batching off", () => {
  it("refuses a batch that requires atomicity with 5760", async () => {
    const wallet = walletOf(devnetBatchingProvider(devnet, user(4), { batching: false }))
    await expect(wallet.sendCalls({ calls: [approveUsdc(1n), wrap(1n)], forceAtomic: true })).rejects.toMatchObject({
      cause: { name: "AtomicityNotSupportedError", code: 5760 },
    })
  })

  it("sends any other batch as one transaction per call, without delegating", async () => {
    const provider = devnetBatchingProvider(devnet, user(4), { batching: false })
    const wallet = walletOf(provider)
    const { id } = await wallet.sendCalls({ calls: [approveUsdc(3n), wrap(2n)] })
    const result = await wallet.waitForCallsStatus({ id, pollingInterval: 50 })

    expect({ status: result.status, atomic: result.atomic }).toEqual({ status: "success", atomic: false })
    expect(new Set(result.receipts!.map((r) => r.transactionHash)).size).toBe(2)
    expect(await origin.getCode({ address: provider.address })).toBeUndefined()
    expect(await allowance(provider.address)).toBe(3n)
    expect(await wethOf(provider.address)).toBe(2n)
  })

  it("reports a partial failure (600) when a later call of a non-atomic batch reverts", async () => {
    const provider = devnetBatchingProvider(devnet, user(4), { batching: false })
    const wallet = walletOf(provider)
    const { id } = await wallet.sendCalls({ calls: [approveUsdc(4n), sendUsdc(user(3).address)] })
    const result = await wallet.waitForCallsStatus({ id, pollingInterval: 50 })

    expect(result.statusCode).toBe(600)
    expect(result.receipts!.map((r) => r.status)).toEqual(["success", "reverted"])
    expect(await allowance(provider.address)).toBe(4n)
  })
})

describe("as an ordinary wallet", () => {
  it("signs and sends a plain transaction and signs messages with the account's key", async () => {
    const provider = devnetBatchingProvider(devnet, user(4))
    const wallet = walletOf(provider)
    const hash = await wallet.writeContract({
      address: weth,
      abi: wrappedNativeAbi,
      functionName: "deposit",
      value: 9n,
    })
    expect((await origin.waitForTransactionReceipt({ hash })).status).toBe("success")
    const signature = await wallet.signMessage({ message: "hello" })
    expect(await origin.verifyMessage({ address: provider.address, message: "hello", signature })).toBe(true)
    await wallet.switchChain({ id: devnet.destinationChainId })
    expect(await wallet.getChainId()).toBe(devnet.destinationChainId)
  })
})
