/**
 * The page's checks of what the user types, where it is typed: each returns the value, or a message that says what
 * is wrong with it. A form with a message builds no parameters, so nothing invalid reaches an API or the wallet.
 */
import { type Address, isAddress, parseUnits } from "viem"

/** A plain decimal: digits, at most one point (no sign, exponent or spaces). */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/** A price in the currency's smallest units: a positive decimal with at most `decimals` places. */
export const parsePrice = (text: string, decimals: number, symbol = ""): bigint | string => {
  const value = text.trim()
  if (value === "") return "Enter a price."
  if (value.startsWith("-")) return "The price must be more than 0."
  if (!DECIMAL.test(value)) return `The price must be a number, like 0.5 (not “${value}”).`
  const places = value.split(".")[1]?.length ?? 0
  if (places > decimals) return `The price has ${places} decimals; ${symbol || "this currency"} has ${decimals}.`
  const raw = parseUnits(value, decimals)
  return raw > 0n ? raw : "The price must be more than 0."
}

/** The most a form asks for at once: beyond it a typo (an extra digit) is more likely than the intent. */
const MAX_QUANTITY = 10_000

/** A quantity: a whole number from 1. */
export const parseQuantity = (text: string): number | string => {
  const value = text.trim()
  if (value === "") return "Enter a quantity."
  if (!/^-?\d+$/.test(value)) return `The quantity must be a whole number (not “${value}”).`
  const quantity = Number(value)
  if (quantity < 1) return "The quantity must be at least 1."
  return quantity > MAX_QUANTITY ? `The quantity must be at most ${MAX_QUANTITY}.` : quantity
}

/** A value refused, and why (for the checks whose value is itself a string). */
export interface Refused {
  readonly error: string
}

/** An address: 0x and 40 hex digits, with a valid checksum when it is mixed-case. */
export const parseAddress = (text: string, what = "address"): Address | Refused => {
  const value = text.trim()
  if (value === "") return { error: `Enter the ${what}.` }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return { error: `The ${what} must be 0x and 40 hex digits.` }
  if (isAddress(value)) return value
  return { error: `The ${what} has a wrong checksum: check its capitals, or type it in lowercase.` }
}

/** A token reference, `contract:tokenId`. */
export const parseTokenRef = (text: string): string | Refused => {
  const value = text.trim()
  const [contract = "", tokenId = ""] = value.split(":")
  if (!value.includes(":") || !/^\d+$/.test(tokenId)) {
    return { error: `“${value}” is not a token: write contract:tokenId, like 0x…:42.` }
  }
  const address = parseAddress(contract, "token's contract")
  return typeof address === "string" ? value : address
}
