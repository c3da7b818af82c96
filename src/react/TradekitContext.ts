import { createContext } from "react"
import type { ReservoirClient, ReservoirClientWallet } from "../client/ReservoirClient.js"

/** What `TradekitProvider` shares with the hooks below it. */
export interface TradekitContextValue {
  /** The Promise facade client; undefined for the instant before a provider given `options` has made its own. */
  readonly client: ReservoirClient | undefined
  /** The wallet the hooks act with unless a call passes its own. */
  readonly wallet: ReservoirClientWallet | undefined
}

/** The React context of tradekit; read it with `useTradekit`. */
export const TradekitContext = createContext<TradekitContextValue | undefined>(undefined)
