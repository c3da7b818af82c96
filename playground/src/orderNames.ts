import { useMemo } from "react"
import { openSeaTarget } from "./components/OpenSeaBookPanel.js"
import { orderTarget, useChainMarket } from "./market.js"
import { useChainOpenSeaBook } from "./openSeaBook.js"

/** What each order the page shows on `chainId` is on ("Devnet Punks #13"), by its hash in lowercase. */
export const useOrderNames = (chainId: number): ReadonlyMap<string, string> => {
  const market = useChainMarket(chainId)
  const book = useChainOpenSeaBook(chainId)
  return useMemo(() => {
    const names = new Map<string, string>()
    const orders = [...(market?.asks ?? []), ...(market?.bids ?? [])]
    for (const order of orders) names.set(order.id.toLowerCase(), orderTarget(market, order))
    const openSeaOrders = [...(book?.listings ?? []), ...(book?.offers ?? [])]
    for (const order of openSeaOrders) names.set(order.hash.toLowerCase(), openSeaTarget(market, order))
    return names
  }, [market, book])
}
