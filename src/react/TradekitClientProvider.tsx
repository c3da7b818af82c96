"use client"
import { type ReactNode, useMemo } from "react"
import type { ReservoirClient, ReservoirClientWallet } from "../client/ReservoirClient.js"
import { TradekitContext } from "./TradekitContext.js"

/** The props of `TradekitClientProvider`: the app's client and the wallet to act with. */
export interface TradekitClientProviderProps {
  /** A client the app made and owns (the provider never disposes it), e.g. from `tradekit/lite`'s `createClient`. */
  readonly client: ReservoirClient
  /** A viem WalletClient (wagmi's connector client plugs in) or a reservoir-sdk wallet adapter. */
  readonly wallet?: ReservoirClientWallet | undefined
  readonly children?: ReactNode
}

/**
 * Gives the tradekit hooks below it the app's own client and a wallet, and nothing else: unlike `TradekitProvider`,
 * it never makes a client, so a page that makes its own from `tradekit/lite` carries no capability it did not name.
 *
 * @example
 * const client = createClient({ chains, capabilities: [simulation] }) // from "tradekit/lite"
 * <TradekitClientProvider client={client} wallet={walletClient}><App /></TradekitClientProvider>
 */
export const TradekitClientProvider = ({ client, wallet, children }: TradekitClientProviderProps) => {
  const value = useMemo(() => ({ client, wallet }), [client, wallet])
  return <TradekitContext.Provider value={value}>{children}</TradekitContext.Provider>
}
