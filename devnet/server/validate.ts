/** Request body checks: each failure is a 400 whose message names the offending field. */
import { type Address, getAddress, type Hex, isAddress } from "viem"
import { badRequest } from "./http.js"

export type Json = Record<string, unknown>

/** The body as an object. */
export function object(value: unknown, name = "body"): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw badRequest(`${name} must be a JSON object`)
  return value as Json
}

export function array(value: unknown, name: string): ReadonlyArray<unknown> {
  if (!Array.isArray(value)) throw badRequest(`${name} must be an array`)
  return value
}

export function nonEmptyArray(value: unknown, name: string): ReadonlyArray<unknown> {
  const list = array(value, name)
  if (list.length === 0) throw badRequest(`${name} must not be empty`)
  return list
}

export function string(value: unknown, name: string): string {
  if (typeof value !== "string" || value === "") throw badRequest(`${name} must be a non-empty string`)
  return value
}

export function optionalString(value: unknown, name: string): string | undefined {
  return value === undefined || value === null ? undefined : string(value, name)
}

export function address(value: unknown, name: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) throw badRequest(`${name} must be an address`)
  return getAddress(value)
}

export function optionalAddress(value: unknown, name: string): Address | undefined {
  return value === undefined || value === null ? undefined : address(value, name)
}

export function hex(value: unknown, name: string): Hex {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]*$/.test(value)) throw badRequest(`${name} must be hex data`)
  return value as Hex
}

/** Every amount, token id and time the devnet hands to the chain is a uint256. */
const UINT256_LIMIT = 2n ** 256n

/** A non-negative integer below 2^256, given as a number, decimal string or hex string. */
export function amount(value: unknown, name: string): bigint {
  const parsed =
    typeof value === "number" && Number.isSafeInteger(value) && value >= 0
      ? BigInt(value)
      : typeof value === "string" && (/^[0-9]+$/.test(value) || /^0x[0-9a-fA-F]+$/.test(value))
        ? BigInt(value)
        : typeof value === "bigint" && value >= 0n
          ? value
          : undefined
  if (parsed === undefined) throw badRequest(`${name} must be a non-negative integer`)
  if (parsed >= UINT256_LIMIT) throw badRequest(`${name} must be a non-negative integer below 2^256`)
  return parsed
}

export function optionalAmount(value: unknown, name: string): bigint | undefined {
  return value === undefined || value === null ? undefined : amount(value, name)
}

/** A `contract:tokenId` token reference. */
export function token(value: unknown, name: string): { contract: Address; tokenId: bigint } {
  const text = string(value, name)
  const m = /^(0x[0-9a-fA-F]{40}):([0-9]+)$/.exec(text)
  if (m === null) throw badRequest(`${name} must look like "contract:tokenId"`)
  return { contract: getAddress(m[1]!), tokenId: tokenId(m[2]!, `${name} token id`) }
}

/** A token id: decimal digits, below 2^256. */
export function tokenId(value: unknown, name: string): bigint {
  if (typeof value !== "string" || !/^[0-9]+$/.test(value))
    throw badRequest(`${name} must be a token id, not ${JSON.stringify(value)}`)
  const id = BigInt(value)
  if (id >= UINT256_LIMIT) throw badRequest(`${name} must be below 2^256`)
  return id
}

export function boolean(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value !== "boolean") throw badRequest(`${name} must be a boolean`)
  return value
}
