"use client"
import { type ReactNode, useEffect, useMemo, useRef, useSyncExternalStore } from "react"
import type { ReservoirClient, ReservoirClientOptions, ReservoirClientWallet } from "../client/ReservoirClient.js"
import { type OwnedClient, ownedClient } from "./internal/ownedClient.js"
import { TradekitContext, type TradekitContextValue } from "./TradekitContext.js"

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
       * Options of a client the provider makes during its first render (so the hooks below never see it
       * missing, on the server included) and disposes on unmount, which interrupts whatever it still runs.
       * They are read once; to change them later, call `configure` on `useTradekit().client`.
       */
      readonly options: ReservoirClientOptions
      readonly client?: never
    }
)

const noSubscription = () => () => undefined
const noClient = () => undefined

/**
 * Gives the tradekit hooks below it a client and a wallet. Safe to render on the server: it touches no
 * browser API while rendering.
 *
 * @example
 * const { data: walletClient } = useWalletClient()
 * <TradekitProvider options={{ chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.example", active: true }]
 * }} wallet={walletClient}>
 *   <App />
 * </TradekitProvider>
 */
export const TradekitProvider = (props: TradekitProviderProps) => {
  const { client, options, wallet, children } = props
  const owner = useRef<OwnedClient | undefined>(undefined)
  if (client === undefined && owner.current === undefined && options !== undefined) owner.current = ownedClient(options)
  const source = client === undefined ? owner.current : undefined

  // Re-renders once a released client was made again (StrictMode's second mount, a hidden <Activity> shown).
  const owned = useSyncExternalStore(
    source?.subscribe ?? noSubscription,
    source?.get ?? noClient,
    source?.get ?? noClient,
  )

  // Retained while mounted, released on unmount; after a release, the next read makes a client again.
  useEffect(() => {
    if (source === undefined) return
    source.retain()
    return source.release
  }, [source])

  // The value must change when `owned` does: a released client is made again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `owned` changes when a released client is made again
  const value = useMemo<TradekitContextValue>(() => {
    if (source === undefined) return { client: client as ReservoirClient, wallet }
    // Read when used, so a hook's effect running before this provider renders again gets the live client.
    return {
      get client() {
        return source.get()
      },
      wallet,
    }
  }, [client, source, owned, wallet])
  return <TradekitContext.Provider value={value}>{children}</TradekitContext.Provider>
}
