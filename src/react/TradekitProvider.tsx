import { type ReactNode, useEffect, useMemo, useRef, useState } from "react"
import { createClient } from "../client.js"
import type { ReservoirClient, ReservoirClientOptions, ReservoirClientWallet } from "../client/ReservoirClient.js"
import { TradekitContext } from "./TradekitContext.js"

/** The props of `TradekitProvider`: a client, or the options to make one; and the wallet to act with. */
export type TradekitProviderProps = {
  /** A viem WalletClient (wagmi's `useWalletClient().data` plugs in) or a reservoir-sdk wallet adapter. */
  readonly wallet?: ReservoirClientWallet | undefined
  readonly children?: ReactNode
} & (
  | {
      /** A client the app owns: the provider never disposes it. */
      readonly client: ReservoirClient
      readonly options?: never
    }
  | {
      /**
       * Options of a client the provider makes on mount and disposes on unmount (which interrupts whatever it
       * still runs). They are read once; to change them later, call `configure` on `useTradekit().client`.
       */
      readonly options: ReservoirClientOptions
      readonly client?: never
    }
)

/**
 * Gives the tradekit hooks below it a client and a wallet.
 *
 * @example
 * const { data: walletClient } = useWalletClient()
 * <TradekitProvider options={{ chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.example", active: true }] }} wallet={walletClient}>
 *   <App />
 * </TradekitProvider>
 */
export const TradekitProvider = (props: TradekitProviderProps) => {
  const { client, options, wallet, children } = props
  const initialOptions = useRef(options)
  const [owned, setOwned] = useState<ReservoirClient | undefined>(undefined)

  // Made in an effect rather than during render, so that every client made is also disposed (StrictMode included).
  useEffect(() => {
    if (client !== undefined || initialOptions.current === undefined) return
    const made = createClient(initialOptions.current)
    setOwned(made)
    return () => {
      setOwned(undefined)
      void made.dispose()
    }
  }, [client])

  const value = useMemo(() => ({ client: client ?? owned, wallet }), [client, owned, wallet])
  return <TradekitContext.Provider value={value}>{children}</TradekitContext.Provider>
}
