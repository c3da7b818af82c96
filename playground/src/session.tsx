import { createContext, useContext } from "react"
import type { WalletClient } from "viem"
import type { PlaygroundAccount, PlaygroundChain, PlaygroundConfig } from "./config.js"

/** Who is connected, where, and what the page was configured with. */
export interface Session {
  readonly config: PlaygroundConfig
  readonly chains: ReadonlyArray<PlaygroundChain>
  /** The chain actions run on unless a form picks another. */
  readonly chainId: number
  readonly account: PlaygroundAccount | undefined
  readonly address: `0x${string}` | undefined
  readonly wallet: WalletClient | undefined
  /** Called when an action finished, so the wallet view is read again. */
  readonly onActionSettled: () => void
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
