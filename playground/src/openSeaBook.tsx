import { createContext, useContext, useEffect, useState } from "react"
import { type ChainMarket, useMarket } from "./market.js"
import { type OpenSeaBookOrder, openSeaReads } from "./openSeaReads.js"
import type { PlaygroundOpenSea } from "./PlaygroundConfig.js"
import { useSession } from "./session.js"

/** OpenSea's book on one chain, as far as the page reads it: the best listing and offer of each token it knows. */
export interface ChainOpenSeaBook {
  readonly chainId: number
  readonly listings: ReadonlyArray<OpenSeaBookOrder>
  readonly offers: ReadonlyArray<OpenSeaBookOrder>
  /** Each token's best offer (an item, collection or trait offer), by `tokenKey`: the offer a sale of it fills. */
  readonly bestOfferOf: ReadonlyMap<string, OpenSeaBookOrder>
  readonly error?: string
}

/** "0xabc…:42", lowercase: how the book files a token. */
export const tokenKey = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`

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
      market.collections.map(
        async (c) => [c.id.toLowerCase(), await openSeaReads.slugOf(openSea, chain, c.id)] as const,
      ),
    )
    const slugOf = new Map(slugs)
    const tokens = market.tokens.flatMap(({ token }) => {
      const slug = slugOf.get(token.contract.toLowerCase())
      return slug === undefined ? [] : [{ slug, contract: token.contract, tokenId: token.tokenId }]
    })
    // The reads queue in `openSeaReads`, paced by OpenSea's rate-limit headers: these are asked, not all sent at once.
    const [listings, offers] = await Promise.all([
      Promise.all(tokens.map((t) => openSeaReads.bestListing(openSea, t.slug, t.tokenId))),
      Promise.all(tokens.map((t) => openSeaReads.bestOffer(openSea, t.slug, t.tokenId))),
    ])
    const bestOfferOf = new Map<string, OpenSeaBookOrder>()
    tokens.forEach((token, i) => {
      const offer = offers[i]
      if (offer !== undefined) bestOfferOf.set(tokenKey(token.contract, token.tokenId), offer)
    })
    return { chainId: market.chain.id, listings: unique(listings), offers: unique(offers), bestOfferOf }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { chainId: market.chain.id, listings: [], offers: [], bestOfferOf: new Map(), error: message }
  }
}

const OpenSeaBookContext = createContext<OpenSeaBook>({ byChain: [], loading: false, readFor: 0 })

/**
 * Reads OpenSea's book (through the playground's proxy) after each read of the market, while the page trades on
 * OpenSea: in Reservoir mode nothing of OpenSea's is read (nor shown).
 */
export const OpenSeaBookProvider = (props: { openSea: PlaygroundOpenSea | undefined; children: React.ReactNode }) => {
  const { apiKind } = useSession()
  const openSea = apiKind === "opensea" ? props.openSea : undefined
  const market = useMarket()
  const [book, setBook] = useState<OpenSeaBook>({ byChain: [], loading: openSea !== undefined, readFor: 0 })
  useEffect(() => {
    if (openSea === undefined) {
      setBook({ byChain: [], loading: false, readFor: 0 })
      return
    }
    if (market.loading) return
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
export const useChainOpenSeaBook = (chainId: number): ChainOpenSeaBook | undefined =>
  useOpenSeaBook().byChain.find((b) => b.chainId === chainId)
