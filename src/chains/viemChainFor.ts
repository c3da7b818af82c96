import { type Chain, defineChain, type Hash } from "viem"
import type { ChainConfig } from "./ChainConfig.js"

/**
 * The viem definition of a configured chain: its `viemChain` when it has one, else a minimal
 * definition built from its id and name (ETH, 18 decimals, no RPC URL: the wallet's transport
 * supplies one), so that any chain works, a local devnet on 31337 included.
 *
 * @example
 * viemChainFor({ id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080" }).id // 31337
 */
export const viemChainFor = (config: ChainConfig): Chain =>
  config.viemChain ??
  defineChain({
    id: config.id,
    name: config.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })

/**
 * The block explorer page of a transaction, or `undefined` when the chain has no explorer.
 *
 * @example
 * explorerTxUrl(mainnet, "0xabc…") // "https://etherscan.io/tx/0xabc…"
 */
export const explorerTxUrl = (chain: Chain, txHash: Hash): string | undefined => {
  const url = chain.blockExplorers?.default.url
  if (url === undefined || url === "") return undefined
  return `${url.replace(/\/+$/, "")}/tx/${txHash}`
}
