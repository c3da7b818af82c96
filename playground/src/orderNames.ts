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
    for (const order of [...(market?.asks ?? []), ...(market?.bids ?? [])]) names.set(order.id.toLowerCase(), orderTarget(market, order))
    for (const order of [...(book?.listings ?? []), ...(book?.offers ?? [])]) names.set(order.hash.toLowerCase(), openSeaTarget(market, order))
    return names
  }, [market, book])
}
