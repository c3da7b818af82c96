import { createContext, useContext, useEffect, useState } from "react"
import type { Address } from "viem"
import { balancesOf, type Collection, type Order, reads, type TokenWithMarket } from "./api.js"
import type { PlaygroundChain } from "./PlaygroundConfig.js"

/** What the page knows of one chain's market and of the connected account there. */
export interface ChainMarket {
  readonly chain: PlaygroundChain
  readonly collections: ReadonlyArray<Collection>
  readonly tokens: ReadonlyArray<TokenWithMarket>
  readonly asks: ReadonlyArray<Order>
  readonly bids: ReadonlyArray<Order>
  readonly myTokens: ReadonlyArray<TokenWithMarket>
  readonly balances: ReadonlyArray<{ symbol: string; value: string }>
  readonly error?: string
}

export interface Market {
  readonly byChain: ReadonlyArray<ChainMarket>
  readonly loading: boolean
  readonly refresh: () => void
  readonly refreshedAt: number
}

const loadChain = async (chain: PlaygroundChain, user: Address | undefined): Promise<ChainMarket> => {
  const empty = { chain, collections: [], tokens: [], asks: [], bids: [], myTokens: [], balances: [] }
  try {
    const [collections, asks, bids, myTokens, balances] = await Promise.all([
      reads.collections(chain),
      reads.asks(chain),
      reads.bids(chain),
      user ? reads.userTokens(chain, user) : Promise.resolve([]),
      user ? balancesOf(chain, user).catch(() => []) : Promise.resolve([]),
    ])
    const tokens = (await Promise.all(collections.map((c) => reads.tokens(chain, c.id)))).flat()
    return { chain, collections, tokens, asks, bids, myTokens, balances }
  } catch (error) {
    return { ...empty, error: error instanceof Error ? error.message : String(error) }
  }
}

const MarketContext = createContext<Market>({ byChain: [], loading: true, refresh: () => undefined, refreshedAt: 0 })

/** Loads the market of every chain for `user`, again whenever `refresh` is called. */
export const MarketProvider = (props: {
  chains: ReadonlyArray<PlaygroundChain>
  user: Address | undefined
  /** Bumped by the page after each action: the market is read again. */
  version: number
  children: React.ReactNode
}) => {
  const { chains, user } = props
  const [version, setVersion] = useState(0)
  const [state, setState] = useState<{ byChain: ReadonlyArray<ChainMarket>; loading: boolean; refreshedAt: number }>({
    byChain: [],
    loading: true,
    refreshedAt: 0,
  })
  useEffect(() => {
    let cancelled = false
    setState((s) => ({ ...s, loading: true }))
    void Promise.all(chains.map((chain) => loadChain(chain, user))).then((byChain) => {
      if (!cancelled) setState({ byChain, loading: false, refreshedAt: Date.now() })
    })
    return () => {
      cancelled = true
    }
  }, [chains, user, version, props.version])
  return (
    <MarketContext.Provider value={{ ...state, refresh: () => setVersion((v) => v + 1) }}>
      {props.children}
    </MarketContext.Provider>
  )
}

export const useMarket = () => useContext(MarketContext)

/** The market of one chain (empty until loaded). */
export const useChainMarket = (chainId: number): ChainMarket | undefined =>
  useMarket().byChain.find((m) => m.chain.id === chainId)

/**
 * Whether a form asks how many of a token: only an ERC-1155 comes in quantities. A contract the page does not
 * know keeps the field (the API decides); no contract yet means no token chosen, so no field either.
 */
export const takesQuantity = (market: ChainMarket | undefined, contract: string | undefined): boolean => {
  if (!contract) return false
  const collection = market?.collections.find((c) => c.id.toLowerCase() === contract.toLowerCase())
  return collection?.contractKind !== "erc721"
}

/** "Devnet Punks #3" for a token reference. */
export const tokenLabel = (market: ChainMarket | undefined, contract: string, tokenId: string | undefined) => {
  const collection = market?.collections.find((c) => c.id.toLowerCase() === contract.toLowerCase())
  return `${collection?.name ?? contract.slice(0, 8)}${tokenId !== undefined ? ` #${tokenId}` : ""}`
}

/** What an order is on: a token, the collection, a trait or a token set. */
export const orderTarget = (market: ChainMarket | undefined, order: Order) => {
  const c = order.criteria
  if (c.kind === "token") return tokenLabel(market, order.contract, c.data.token?.tokenId)
  if (c.kind === "attribute" && c.data.attribute)
    return `${tokenLabel(market, order.contract, undefined)} · ${c.data.attribute.key}: ${c.data.attribute.value}`
  if (c.kind === "custom")
    return `${tokenLabel(market, order.contract, undefined)} · ${c.data.tokenIds?.length ?? 0} tokens`
  return `${tokenLabel(market, order.contract, undefined)} · any token`
}
