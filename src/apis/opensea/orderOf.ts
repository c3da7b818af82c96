import { type Address, getAddress, zeroAddress } from "viem"
import type { Json } from "./Json.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"

/** A wire number as OpenSea sends it (a JSON number, a decimal string or 0x-hex) as a bigint. */
export const bigIntOf = (value: unknown, field: string): bigint => {
  if (typeof value === "bigint") return value
  if ((typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && /^(0x[0-9a-fA-F]+|\d+)$/.test(value))) {
    return BigInt(value)
  }
  throw new OpenSeaFailure(502, `OpenSea sent ${JSON.stringify(value)} as ${field}, which is not a number`)
}

/** An OpenSea listing or offer, as the layer needs it to plan. */
export interface OpenSeaOrder {
  readonly hash: string
  readonly side: "listing" | "offer"
  readonly protocolAddress: Address
  readonly offerer: Address
  /** The Seaport order's parameters as OpenSea sent them (with `counter`). */
  readonly parameters: Record<string, Json>
  /** The payment currency: the zero address for the native one. */
  readonly currency: Address
  readonly symbol: string
  readonly decimals: number
  /** The price: what a buyer pays, or what an offer offers (fees included). */
  readonly price: bigint
  /** The token, unless it is a collection offer. */
  readonly contract: Address | undefined
  readonly tokenId: string | undefined
  /** The collection's slug of a collection offer. */
  readonly slug: string | undefined
}

/** Reads the spec's `Listing` or `Offer`; a shape it cannot read is a 502 (OpenSea's answer is unusable). */
export const orderOf = (json: Json): OpenSeaOrder => {
  const parameters = json?.protocol_data?.parameters
  if (typeof json?.order_hash !== "string" || typeof parameters !== "object" || parameters === null) {
    throw new OpenSeaFailure(502, "OpenSea sent an order without order_hash or protocol_data")
  }
  const offered = parameters.offer?.[0]
  const side = Number(offered?.itemType) === 1 || Number(offered?.itemType) === 0 ? "offer" : "listing"
  const price = side === "listing" ? json.price?.current : json.price
  const paid = side === "listing" ? parameters.consideration?.[0] : offered
  const currency = Number(paid?.itemType) === 0 ? zeroAddress : getAddress(String(paid?.token))
  return {
    hash: json.order_hash,
    side,
    protocolAddress: getAddress(json.protocol_address),
    offerer: getAddress(parameters.offerer),
    parameters,
    currency,
    symbol: String(price?.currency ?? ""),
    decimals: Number(price?.decimals ?? 18),
    price: bigIntOf(price?.value, "price.value"),
    contract: json.asset?.contract !== undefined ? getAddress(json.asset.contract) : undefined,
    tokenId: json.asset?.identifier !== undefined ? String(json.asset.identifier) : undefined,
    slug: json.criteria?.collection?.slug,
  }
}

/** A `"0xcontract:tokenId"` token, split; a malformed one is a 400. */
export const tokenOf = (token: unknown): { readonly contract: Address; readonly tokenId: string } => {
  const match = typeof token === "string" ? /^(0x[0-9a-fA-F]{40}):(\d+)$/.exec(token) : null
  if (match === null) throw new OpenSeaFailure(400, `${JSON.stringify(token)} is not a token ("0xcontract:tokenId")`)
  return { contract: getAddress(match[1]!), tokenId: match[2]! }
}
