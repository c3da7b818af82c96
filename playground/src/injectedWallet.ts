import { type Chain, createWalletClient, custom, getAddress, type WalletClient } from "viem"
import { viemChainOf } from "./devnetWallet.js"
import type { InjectedWallet } from "./eip6963.js"
import type { PlaygroundChain } from "./PlaygroundConfig.js"

/** A WalletClient over an injected wallet's own provider, acting as `address`. */
export const injectedClient = (wallet: InjectedWallet, address: string, chain: Chain | undefined): WalletClient =>
  createWalletClient({ account: getAddress(address), chain, transport: custom(wallet.provider) })

/**
 * Connects an injected wallet (`eth_requestAccounts`: the wallet asks its user) and returns a WalletClient on
 * the account it chose first. The client's chain is the page's: tradekit asks the wallet to switch before it
 * sends, so a wallet on another chain still works.
 */
export const connectInjected = async (wallet: InjectedWallet, chain: PlaygroundChain): Promise<WalletClient> => {
  const accounts = (await wallet.provider.request({ method: "eth_requestAccounts" })) as ReadonlyArray<string>
  const [address] = accounts
  if (address === undefined) throw new Error(`${wallet.info.name} connected no account.`)
  return injectedClient(wallet, address, viemChainOf(chain))
}
