"use client"
import { createContext } from "react"
import type { ReservoirClient, ReservoirClientWallet } from "../client/ReservoirClient.js"

/** What `TradekitProvider` shares with the hooks below it. */
export interface TradekitContextValue {
  /**
   * The Promise facade client: the one given to the provider, or the one it made from `options`, from its first render
   * on.
   */
  readonly client: ReservoirClient
  /** The wallet the hooks act with unless a call passes its own. */
  readonly wallet: ReservoirClientWallet | undefined
}

/** The React context of tradekit; read it with `useTradekit`. */
export const TradekitContext = createContext<TradekitContextValue | undefined>(undefined)
