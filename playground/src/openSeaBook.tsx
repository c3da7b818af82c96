import { createContext, useContext, useEffect, useState } from "react"
import { type ChainMarket, useMarket } from "./market.js"
import { type OpenSeaBookOrder, openSeaReads } from "./openSeaReads.js"
import type { PlaygroundOpenSea } from "./PlaygroundConfig.js"

/** OpenSea's book on one chain, as far as the page reads it: the best listing and offer of each token it knows. */
export interface ChainOpenSeaBook {
  readonly chainId: number
  readonly listings: ReadonlyArray<OpenSeaBookOrder>
  readonly offers: ReadonlyArray<OpenSeaBookOrder>
  readonly error?: string
}

/** OpenSea's book on every chain OpenSea names, read again whenever the market is. */
export interface OpenSeaBook {
  readonly byChain: ReadonlyArray<ChainOpenSeaBook>
  readonly loading: boolean
  /** The market read this book follows (`Market.refreshedAt`): a test waits for the book of the latest read. */
  readonly readFor: number
}

/** One entry per hash: a collection or trait offer is the best offer of many tokens. */
const unique = (orders: ReadonlyArray<OpenSeaBookOrder | undefined>): ReadonlyArray<OpenSeaBookOrder> => [
  ...new Map(orders.filter((o) => o !== undefined).map((o) => [o.hash, o])).values(),
]

const loadChain = async (openSea: PlaygroundOpenSea, chain: string, market: ChainMarket): Promise<ChainOpenSeaBook> => {
  try {
    const slugs = await Promise.all(
      market.collections.map(async (c) => [c.id.toLowerCase(), await openSeaReads.slugOf(openSea, chain, c.id)] as const),
    )
    const slugOf = new Map(slugs)
    const tokens = market.tokens.flatMap(({ token }) => {
      const slug = slugOf.get(token.contract.toLowerCase())
      return slug === undefined ? [] : [{ slug, tokenId: token.tokenId }]
    })
    const [listings, offers] = await Promise.all([
      Promise.all(tokens.map((t) => openSeaReads.bestListing(openSea, t.slug, t.tokenId))),
      Promise.all(tokens.map((t) => openSeaReads.bestOffer(openSea, t.slug, t.tokenId))),
    ])
    return { chainId: market.chain.id, listings: unique(listings), offers: unique(offers) }
  } catch (error) {
    return { chainId: market.chain.id, listings: [], offers: [], error: error instanceof Error ? error.message : String(error) }
  }
}

const OpenSeaBookContext = createContext<OpenSeaBook>({ byChain: [], loading: false, readFor: 0 })

/** Reads OpenSea's book (through the playground's proxy) after each read of the market, when the page has OpenSea. */
export const OpenSeaBookProvider = (props: { openSea: PlaygroundOpenSea | undefined; children: React.ReactNode }) => {
  const { openSea } = props
  const market = useMarket()
  const [book, setBook] = useState<OpenSeaBook>({ byChain: [], loading: openSea !== undefined, readFor: 0 })
  useEffect(() => {
    if (openSea === undefined || market.loading) return
    let cancelled = false
    setBook((b) => ({ ...b, loading: true }))
    const named = market.byChain.flatMap((m) => {
      const chain = openSea.chainNames[m.chain.id]
      return chain === undefined ? [] : [loadChain(openSea, chain, m)]
    })
    void Promise.all(named).then((byChain) => {
      if (!cancelled) setBook({ byChain, loading: false, readFor: market.refreshedAt })
    })
    return () => {
      cancelled = true
    }
  }, [openSea, market.loading, market.byChain, market.refreshedAt])
  return <OpenSeaBookContext.Provider value={book}>{props.children}</OpenSeaBookContext.Provider>
}

/** OpenSea's book as last read. */
export const useOpenSeaBook = () => useContext(OpenSeaBookContext)

/** OpenSea's book on one chain, or undefined when OpenSea does not trade there (or it is not read yet). */
export const useChainOpenSeaBook = (chainId: number): ChainOpenSeaBook | undefined => useOpenSeaBook().byChain.find((b) => b.chainId === chainId)
