import { type Chain, createWalletClient, custom, defineChain, type EIP1193Provider, type WalletClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createBatchingProvider } from "../../devnet/wallet/batchingProvider.js"
import type { PlaygroundAccount, PlaygroundChain, PlaygroundConfig } from "./PlaygroundConfig.js"

/** The viem chain of a playground chain: viem's presets do not know the devnet's RPC ports. */
export const viemChainOf = (chain: PlaygroundChain): Chain =>
  defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.explorerUrl ? { blockExplorers: { default: { name: "Explorer", url: chain.explorerUrl } } } : {}),
    testnet: true,
  })

/**
 * A local signer that behaves like a browser wallet over several chains: requests go to the RPC of the chain
 * it is on, and `wallet_switchEthereumChain` moves it, so a cross-chain flow can switch as it would in MetaMask.
 */
export const localWallet = (
  account: PlaygroundAccount,
  chains: ReadonlyArray<PlaygroundChain>,
  startChainId: number,
): WalletClient => {
  let current = startChainId
  let id = 0
  const rpcOf = (chainId: number) => {
    const chain = chains.find((c) => c.id === chainId)
    if (!chain) throw Object.assign(new Error(`Unrecognized chain ${chainId}`), { code: 4902 })
    return chain.rpcUrl
  }
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    if (method === "eth_chainId") return `0x${current.toString(16)}`
    if (method === "wallet_switchEthereumChain") {
      const target = Number((params as Array<{ chainId: string }>)[0]!.chainId)
      rpcOf(target)
      current = target
      return null
    }
    if (method === "eth_accounts" || method === "eth_requestAccounts") return [account.address]
    const response = await fetch(rpcOf(current), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw Object.assign(new Error(body.error.message), body.error)
    return body.result
  }
  const chain = chains.find((c) => c.id === startChainId) ?? chains[0]!
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: viemChainOf(chain),
    transport: custom({ request } as EIP1193Provider),
  })
}

/**
 * The BatchExecutor of each devnet chain (the EIP-7702 delegate of the batching wallet), read from the contracts
 * the devnet describes; empty when the page does not know them (a static build, another API).
 */
export const batchExecutorsOf = (contracts: PlaygroundConfig["contracts"]): ReadonlyMap<number, `0x${string}`> => {
  const executors = new Map<number, `0x${string}`>()
  for (const deployed of Object.values(contracts ?? {})) {
    const { chainId, batchExecutor } = deployed as { readonly chainId?: unknown; readonly batchExecutor?: unknown }
    if (typeof chainId === "number" && typeof batchExecutor === "string")
      executors.set(chainId, batchExecutor as `0x${string}`)
  }
  return executors
}

/**
 * The devnet account as a smart wallet that batches (EIP-5792 over EIP-7702): with it, tradekit sends an approval
 * and the sale as one `wallet_sendCalls`, so a USDC buy needing approval takes one confirmation. Only the chains
 * with a known BatchExecutor are reachable.
 */
export const batchingWallet = (
  account: PlaygroundAccount,
  chains: ReadonlyArray<PlaygroundChain>,
  startChainId: number,
  executors: ReadonlyMap<number, `0x${string}`>,
): WalletClient => {
  const reachable = chains.filter((c) => executors.has(c.id))
  const ordered = [...reachable.filter((c) => c.id === startChainId), ...reachable.filter((c) => c.id !== startChainId)]
  const provider = createBatchingProvider({
    account: account.privateKey,
    chains: ordered.map((c) => ({ chainId: c.id, rpcUrl: c.rpcUrl, batchExecutor: executors.get(c.id)! })),
  })
  return createWalletClient({
    account: provider.address,
    chain: viemChainOf(ordered[0] ?? chains[0]!),
    transport: custom(provider),
  })
}
