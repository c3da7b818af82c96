import { createContext, useContext } from "react"
import type { WalletClient } from "viem"
import type { InjectedWallet } from "./eip6963.js"
import type { PlaygroundAccount, PlaygroundChain, PlaygroundConfig } from "./PlaygroundConfig.js"

/** An injected wallet the user chose: connecting (the wallet asks its user), connected, or refused. */
export type InjectedConnection =
  | { readonly status: "connecting"; readonly wallet: InjectedWallet }
  | { readonly status: "connected"; readonly wallet: InjectedWallet; readonly client: WalletClient }
  | { readonly status: "error"; readonly wallet: InjectedWallet; readonly error: string }

/** The order book the actions trade on: the devnet's Reservoir-protocol API, or OpenSea's routes. */
export type ApiKind = "reservoir" | "opensea"

/** Who is connected, where, and what the page was configured with. */
export interface Session {
  readonly config: PlaygroundConfig
  /** The order book the actions trade on (the top bar's API switch). */
  readonly apiKind: ApiKind
  readonly chains: ReadonlyArray<PlaygroundChain>
  /** The chain actions run on unless a form picks another. */
  readonly chainId: number
  readonly account: PlaygroundAccount | undefined
  readonly address: `0x${string}` | undefined
  readonly wallet: WalletClient | undefined
  /** Called when an action finished, so the wallet view is read again. */
  readonly onActionSettled: () => void
  /** The wallets the page found (EIP-6963 announcements, then `window.ethereum` if it did not announce). */
  readonly injectedWallets: ReadonlyArray<InjectedWallet>
  /** The injected wallet chosen, if any; the devnet wallet acts when there is none. */
  readonly injected: InjectedConnection | undefined
  /** Connects the injected wallet of `uuid` and acts with it. */
  readonly connectInjected: (uuid: string) => void
  /** Acts with the devnet wallet again (the account picked in the top bar). */
  readonly connectDevnet: () => void
  /** Whether the devnet wallet batches calls (EIP-5792), so an approval and the sale take one confirmation. */
  readonly oneConfirmation: boolean
  /** Whether the devnet can batch: it described its BatchExecutors. */
  readonly canBatch: boolean
  readonly setOneConfirmation: (enabled: boolean) => void
  /** Whether the devnet's paymaster pays the gas of the devnet wallet's batches (ERC-7677). */
  readonly sponsoredGas: boolean
  readonly setSponsoredGas: (enabled: boolean) => void
  /** The paymaster service an action asks for: the chain's, when the devnet wallet batches with sponsored gas. */
  readonly paymasterService: { readonly url: string } | undefined
}

export const SessionContext = createContext<Session | undefined>(undefined)

export const useSession = (): Session => {
  const session = useContext(SessionContext)
  if (!session) throw new Error("useSession outside of the App")
  return session
}

/** The chain of `id` in the session. */
export const useChain = (id: number): PlaygroundChain => {
  const { chains } = useSession()
  return chains.find((c) => c.id === id) ?? chains[0]!
}
