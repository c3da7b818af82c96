import { formatUnits } from "viem"
import type { OpenSeaOrder } from "./orderOf.js"

/** The path entry of an order (what the price check reads): `amount` of its currency, for `contract:tokenId`. */
export const pathEntry = (order: OpenSeaOrder, amount: bigint, token: { readonly contract: string; readonly tokenId: string }) => ({
  orderId: order.hash,
  contract: token.contract.toLowerCase(),
  tokenId: token.tokenId,
  quantity: 1,
  source: "opensea.io",
  currency: order.currency.toLowerCase(),
  currencySymbol: order.symbol,
  currencyDecimals: order.decimals,
  quote: Number(formatUnits(amount, order.decimals)),
  rawQuote: amount.toString(),
})
