import { type Address, createPublicClient, erc20Abi, formatUnits, http, type PublicClient } from "viem"
import { viemChainOf } from "./devnetWallet.js"
import { pageFetch } from "./httpLog.js"
import type { PlaygroundChain } from "./PlaygroundConfig.js"

/** A price as the read endpoints return it. */
export interface Price {
  readonly currency: { readonly contract: Address; readonly symbol: string; readonly decimals: number }
  readonly amount: { readonly raw: string; readonly decimal: number }
}

export interface Collection {
  readonly id: Address
  readonly name: string
  readonly symbol: string
  readonly contractKind: "erc721" | "erc1155"
  readonly tokenCount: string
  readonly mintPrice?: Price
  readonly floorAsk: { readonly price: Price } | null
  readonly topBid: { readonly price: Price } | null
}

export interface Token {
  readonly chainId: number
  readonly contract: Address
  readonly tokenId: string
  readonly name: string
  readonly kind: "erc721" | "erc1155"
  readonly owner: Address | null
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: string }>
  readonly collection: { readonly id: Address; readonly name: string }
}

export interface TokenWithMarket {
  readonly token: Token
  readonly market?: {
    readonly floorAsk: { readonly id: string; readonly price: Price; readonly maker: Address } | null
  }
  readonly ownership?: { readonly tokenCount: string }
}

export interface Order {
  readonly id: string
  readonly side: "sell" | "buy"
  readonly status: string
  readonly tokenSetId: string
  readonly contract: Address
  readonly maker: Address
  readonly price: Price
  readonly validUntil: number
  readonly quantityRemaining: number
  readonly criteria: {
    readonly kind: string
    readonly data: {
      readonly token?: { readonly tokenId: string }
      readonly collection: { readonly id: Address }
      readonly attribute?: { readonly key: string; readonly value: string }
      readonly tokenIds?: ReadonlyArray<string>
    }
  }
}

const get = async <A>(chain: PlaygroundChain, path: string): Promise<A> => {
  const response = await pageFetch(`${chain.baseApiUrl.replace(/\/$/, "")}${path}`)
  const body = (await response.json()) as A & { message?: string }
  if (!response.ok) throw new Error(body.message ?? `${response.status} on ${path}`)
  return body
}

/** The read endpoints of the API the page shows. */
export const reads = {
  collections: (chain: PlaygroundChain) =>
    get<{ collections: Array<Collection> }>(chain, "/collections/v7").then((r) => r.collections),
  tokens: (chain: PlaygroundChain, collection: Address) =>
    get<{ tokens: Array<TokenWithMarket> }>(chain, `/tokens/v7?collection=${collection}&limit=1000`).then(
      (r) => r.tokens,
    ),
  userTokens: (chain: PlaygroundChain, user: Address) =>
    get<{ tokens: Array<TokenWithMarket> }>(chain, `/users/${user}/tokens/v10`).then((r) => r.tokens),
  asks: (chain: PlaygroundChain, query = "") =>
    get<{ orders: Array<Order> }>(chain, `/orders/asks/v5${query}`).then((r) => r.orders),
  bids: (chain: PlaygroundChain, query = "") =>
    get<{ orders: Array<Order> }>(chain, `/orders/bids/v6${query}`).then((r) => r.orders),
}

const publicClients = new Map<string, PublicClient>()

/** A public client of a chain's RPC, for balances. */
export const publicClientOf = (chain: PlaygroundChain): PublicClient => {
  const key = `${chain.id}:${chain.rpcUrl}`
  let client = publicClients.get(key)
  if (!client) {
    client = createPublicClient({ chain: viemChainOf(chain), transport: http(chain.rpcUrl) }) as PublicClient
    publicClients.set(key, client)
  }
  return client
}

/** The account's balance in each payment token of the chain, formatted. */
export const balancesOf = async (chain: PlaygroundChain, user: Address) => {
  const client = publicClientOf(chain)
  const native = await client.getBalance({ address: user })
  const tokens = await Promise.all(
    chain.paymentTokens
      .filter((token) => token.address !== "0x0000000000000000000000000000000000000000")
      .map(async (token) => ({
        symbol: token.symbol,
        value: formatUnits(
          await client.readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [user] }),
          token.decimals,
        ),
      })),
  )
  return [{ symbol: "ETH", value: formatUnits(native, 18) }, ...tokens]
}

/** A short form of an address or hash. */
export const short = (value: string | null | undefined) => (value ? `${value.slice(0, 6)}…${value.slice(-4)}` : "—")

/** A price as "0.12 ETH". */
export const formatPrice = (price: Price | undefined) =>
  price ? `${Number(price.amount.decimal.toPrecision(6))} ${price.currency.symbol}` : "—"
