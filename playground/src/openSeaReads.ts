/**
 * The page's reads of OpenSea's book, through the playground server's proxy (`config.openSea.apiBaseUrl`, no key). The
 * proxy passes only the routes the `openSea` order book calls, and OpenSea's "all listings of a collection" is not
 * one of them (nor served by the devnet): the book is read token by token, each token's best listing and best offer.
 */
import type { Address, Hex } from "viem"
import { pageFetch } from "./httpLog.js"
import { openSeaPacer } from "./openSeaPacer.js"
import type { PlaygroundOpenSea } from "./PlaygroundConfig.js"

/** An OpenSea order as the page shows it, from the spec's `Listing` or `Offer`. */
export interface OpenSeaBookOrder {
  readonly hash: Hex
  readonly side: "listing" | "offer"
  readonly contract: Address
  readonly maker: Address
  /** The token it is on; undefined for a collection or trait offer. */
  readonly tokenId?: string
  /** The trait a trait offer is on. */
  readonly trait?: { readonly type: string; readonly value: string }
  readonly price: { readonly currency: string; readonly decimals: number; readonly value: string }
  /**
   * What an offer's taker gets, as its offerer signed it: the offered amount less the fees paid out of it (the
   * consideration items in the offered currency). Undefined for a listing, or an offer of no single currency amount.
   */
  readonly sale?: {
    readonly currency: Address
    readonly offered: bigint
    readonly fees: bigint
    readonly proceeds: bigint
  }
  /**
   * What a listing's buyer pays, as its maker signed it: the sum of its consideration, in its one currency (the
   * library's `listingPrice`). Undefined for an offer, or a listing that asks for more than one currency.
   */
  readonly payment?: { readonly currency: Address; readonly amount: bigint }
}

// biome-ignore lint/suspicious/noExplicitAny: OpenSea's answers are read field by field, for display only.
type Json = Record<string, any>

/** The page's one queue of OpenSea reads: a refresh's reads go one at a time, paced by OpenSea's rate-limit headers. */
const paced = openSeaPacer()

/** GET `path` of OpenSea through the proxy: the answer, or undefined on a 404 (no such order, collection or token). */
const get = async (openSea: PlaygroundOpenSea, path: string): Promise<Json | undefined> => {
  const response = await paced(() => pageFetch(`${openSea.apiBaseUrl.replace(/\/$/, "")}${path}`))
  if (response.status === 404) return undefined
  const body = (await response.json()) as Json
  if (!response.ok)
    throw new Error(
      `OpenSea ${response.status} on ${path}: ${(body.errors as ReadonlyArray<string> | undefined)?.join("; ") ?? ""}`,
    )
  return body
}

/** Seaport's item types of a currency: native or ERC-20. */
const isCurrency = (item: Json) => Number(item.itemType) === 0 || Number(item.itemType) === 1
/** The least an item can come to over its auction (the offer), and the most (a fee): the library's bounds. */
const least = (item: Json) => [BigInt(item.startAmount), BigInt(item.endAmount)].reduce((a, b) => (a < b ? a : b))
const most = (item: Json) => [BigInt(item.startAmount), BigInt(item.endAmount)].reduce((a, b) => (a > b ? a : b))

/** An offer's sale terms from its signed parameters (`saleOf`); undefined when they are not one currency amount. */
export const saleOf = (parameters: Json | undefined): OpenSeaBookOrder["sale"] => {
  const offer = (parameters?.offer ?? []) as ReadonlyArray<Json>
  const [offered] = offer
  if (offered === undefined || offer.length !== 1 || !isCurrency(offered)) return undefined
  try {
    const currency = String(offered.token).toLowerCase() as Address
    const amount = least(offered)
    const considered = (parameters?.consideration ?? []) as ReadonlyArray<Json>
    const original = Number(parameters?.totalOriginalConsiderationItems ?? considered.length)
    const fees = considered
      .slice(0, original)
      .filter((item) => isCurrency(item) && String(item.token).toLowerCase() === currency)
      .reduce((sum, item) => sum + most(item), 0n)
    return { currency, offered: amount, fees, proceeds: amount - fees }
  } catch {
    return undefined
  }
}

/** A listing's payment from its signed parameters (`paymentOf`); undefined when it is not one currency alone. */
export const paymentOf = (parameters: Json | undefined): OpenSeaBookOrder["payment"] => {
  const considered = (parameters?.consideration ?? []) as ReadonlyArray<Json>
  const signed = considered.slice(0, Number(parameters?.totalOriginalConsiderationItems ?? considered.length))
  const currencies = new Set(signed.map((item) => (isCurrency(item) ? String(item.token).toLowerCase() : "token")))
  const [currency] = currencies
  if (currencies.size !== 1 || currency === undefined || currency === "token") return undefined
  try {
    return { currency: currency as Address, amount: signed.reduce((sum, item) => sum + most(item), 0n) }
  } catch {
    return undefined
  }
}

const sideTerms = (side: "listing" | "offer", json: Json) => {
  const parameters = json.protocol_data?.parameters
  if (side === "offer") {
    const sale = saleOf(parameters)
    return sale === undefined ? {} : { sale }
  }
  const payment = paymentOf(parameters)
  return payment === undefined ? {} : { payment }
}

/** The `OpenSeaBookOrder` of a `Listing` / `Offer` answer. */
export const bookOrderOf = (side: "listing" | "offer", json: Json): OpenSeaBookOrder => {
  const price = (side === "listing" ? json.price?.current : json.price) as Json
  const trait = (json.criteria?.traits as ReadonlyArray<Json> | undefined)?.[0]
  return {
    hash: json.order_hash,
    side,
    contract: json.asset?.contract ?? json.criteria?.contract?.address,
    maker: json.protocol_data?.parameters?.offerer,
    ...(json.asset?.identifier !== undefined ? { tokenId: String(json.asset.identifier) } : {}),
    ...(trait !== undefined ? { trait: { type: String(trait.type), value: String(trait.value) } } : {}),
    price: {
      currency: String(price?.currency ?? "?"),
      decimals: Number(price?.decimals ?? 18),
      value: String(price?.value ?? "0"),
    },
    ...sideTerms(side, json),
  }
}

/** A drop OpenSea lists as minting, as the Mint tab offers it. */
export interface OpenSeaDrop {
  readonly slug: string
  readonly name: string
  readonly contract: Address
  /** The public stage's price per token, in wei of the native currency. */
  readonly price: bigint
}

/** OpenSea's reads the page makes, on the chain OpenSea names `chain`. */
export const openSeaReads = {
  /** The collection slug OpenSea files `contract` under, or undefined when OpenSea does not know the contract. */
  slugOf: (openSea: PlaygroundOpenSea, chain: string, contract: Address) =>
    get(openSea, `/api/v2/chain/${chain}/contract/${contract}`).then(
      (answer) => answer?.collection as string | undefined,
    ),
  /** The drops OpenSea features on `chain` that are minting now, in the native currency. */
  mintingDrops: (openSea: PlaygroundOpenSea, chain: string): Promise<ReadonlyArray<OpenSeaDrop>> =>
    get(openSea, `/api/v2/drops?type=featured&chains=${encodeURIComponent(chain)}`).then((answer) =>
      ((answer?.drops ?? []) as ReadonlyArray<Json>)
        .filter((drop) => drop.is_minting === true && drop.chain === chain && drop.active_stage != null)
        .filter((drop) => /^0x0{40}$/.test(String(drop.active_stage.price_currency_address ?? "")))
        .map((drop) => ({
          slug: String(drop.collection_slug),
          name: String(drop.collection_name ?? drop.collection_slug),
          contract: drop.contract_address as Address,
          price: BigInt(drop.active_stage.price),
        })),
    ),
  bestListing: (openSea: PlaygroundOpenSea, slug: string, tokenId: string) =>
    get(openSea, `/api/v2/listings/collection/${encodeURIComponent(slug)}/nfts/${tokenId}/best`).then((answer) =>
      answer === undefined ? undefined : bookOrderOf("listing", answer),
    ),
  bestOffer: (openSea: PlaygroundOpenSea, slug: string, tokenId: string) =>
    get(openSea, `/api/v2/offers/collection/${encodeURIComponent(slug)}/nfts/${tokenId}/best`).then((answer) =>
      answer === undefined ? undefined : bookOrderOf("offer", answer),
    ),
}
