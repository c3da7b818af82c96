import * as Effect from "effect/Effect"
import { type Address, getAddress, isAddress, zeroAddress } from "viem"
import { TransferRefusedError } from "../../errors/TransferRefusedError.js"

/** One item of a transfer as the user named it: a token and how many of its units (1 unless said). */
export interface TransferItem {
  /** The item as named, `contract:tokenId`, for errors and results. */
  readonly token: string
  readonly contract: Address
  readonly tokenId: bigint
  /** The units named; `undefined` when the item named none (1, and the only amount an ERC-721 takes). */
  readonly quantity: bigint | undefined
}

const DECIMAL = /^\d+$/

/** A whole number of units from a JSON number, a decimal string or a bigint; `undefined` when it is none. */
const unitsOf = (value: unknown): bigint | undefined => {
  if (typeof value === "bigint") return value
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value)
  return undefined
}

const refuse = (reason: "token" | "quantity" | "duplicate", token: string, short: string) =>
  Effect.fail(TransferRefusedError.of({ reason, token, short }))

/** One raw item, read: its `token` as `contract:tokenId`, its `quantity` a whole number of at least 1. */
const itemOf = (raw: Readonly<Record<string, unknown>>, index: number) =>
  Effect.gen(function* () {
    const named = typeof raw.token === "string" ? raw.token : `items[${index}]`
    const [contract, id, ...rest] = named.split(":")
    if (contract === undefined || !isAddress(contract, { strict: false }) || id === undefined || rest.length > 0)
      return yield* refuse("token", named, "A transfer item names its token as `contract:tokenId`")
    if (!DECIMAL.test(id)) return yield* refuse("token", named, "A token id is a whole decimal number")
    const quantity = raw.quantity === undefined ? undefined : unitsOf(raw.quantity)
    if (raw.quantity !== undefined && (quantity === undefined || quantity < 1n))
      return yield* refuse("quantity", named, "A transfer's quantity is a whole number of at least 1")
    return { token: named, contract: getAddress(contract), tokenId: BigInt(id), quantity } satisfies TransferItem
  })

/**
 * The items of a transfer to `to`, read and checked before the chain is asked: each names `contract:tokenId` with
 * a quantity of at least 1, no token is named twice, and the recipient is an address that is neither zero nor
 * one of the tokens' contracts (which would lock the token for good). A TransferRefusedError names what is wrong.
 */
export const transferItems = (
  to: string,
  items: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Effect.Effect<{ readonly to: Address; readonly items: ReadonlyArray<TransferItem> }, TransferRefusedError> =>
  Effect.gen(function* () {
    if (items.length === 0)
      return yield* Effect.fail(TransferRefusedError.of({ reason: "token", short: "A transfer names no token" }))
    const read = yield* Effect.forEach(items, itemOf)
    const seen = new Set<string>()
    for (const item of read) {
      const key = `${item.contract.toLowerCase()}:${item.tokenId}`
      if (seen.has(key)) return yield* refuse("duplicate", item.token, "The same token is named twice in a transfer")
      seen.add(key)
    }
    if (!isAddress(to, { strict: false }) || getAddress(to) === zeroAddress)
      return yield* Effect.fail(
        TransferRefusedError.of({
          reason: "recipient",
          short: "A transfer's recipient is an address other than zero: the tokens would be lost",
          facts: { Recipient: to },
        }),
      )
    const recipient = getAddress(to)
    const locked = read.find((item) => item.contract === recipient)
    if (locked !== undefined)
      return yield* Effect.fail(
        TransferRefusedError.of({
          reason: "recipient",
          token: locked.token,
          short: "A transfer's recipient is the token's own contract, where it would be locked for good",
          facts: { Recipient: recipient },
        }),
      )
    return { to: recipient, items: read }
  })
