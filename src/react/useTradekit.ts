"use client"
import { useContext } from "react"
import { TradekitContext, type TradekitContextValue } from "./TradekitContext.js"

/**
 * The client and wallet of the nearest `TradekitProvider`; throws outside of one.
 *
 * @example
 * const { client } = useTradekit()
 * client?.addEventListener((event) => track(event.name))
 */
export const useTradekit = (): TradekitContextValue => {
  const value = useContext(TradekitContext)
  if (value === undefined)
    throw new Error("tradekit: useTradekit and the action hooks must be used inside a <TradekitProvider>")
  return value
}
