import * as Effect from "effect/Effect"
import type { Address, Hex } from "viem"
import { TransferRefusedError } from "../../errors/TransferRefusedError.js"
import type { TransferItem } from "./transferItems.js"

/** ERC-165 interface ids of the token standards a transfer moves. */
const ERC721_INTERFACE: Hex = "0x80ac58cd"
const ERC1155_INTERFACE: Hex = "0xd9b67a26"

/** The chain reads a transfer is checked with, whatever book's reader answers them (with its own error `E`). */
export interface TransferReads<E> {
  readonly supportsInterface: (contract: Address, interfaceId: Hex) => Effect.Effect<boolean, E>
  /** ERC-721 `ownerOf`; `undefined` for a token nobody owns. */
  readonly ownerOf: (contract: Address, tokenId: bigint) => Effect.Effect<Address | undefined, E>
  /** ERC-1155 `balanceOf(owner, id)`. */
  readonly unitsOf: (contract: Address, owner: Address, tokenId: bigint) => Effect.Effect<bigint, E>
  /** Whether `address` holds code: a call to an address without any succeeds and does nothing. */
  readonly hasCode: (address: Address) => Effect.Effect<boolean, E>
  /** `isApprovedForAll(owner, operator)` of an ERC-721 or ERC-1155 contract. */
  readonly isApprovedForAll: (contract: Address, owner: Address, operator: Address) => Effect.Effect<boolean, E>
}

/** An item whose standard is read and whose hold is checked: what its transfer moves. */
export interface HeldItem {
  readonly item: TransferItem
  readonly standard: "erc721" | "erc1155"
  readonly quantity: bigint
}

const refuse = (fields: Parameters<typeof TransferRefusedError.of>[0]) => Effect.fail(TransferRefusedError.of(fields))

/**
 * Reads an item's standard (ERC-165) and checks that `from` holds it: owns the ERC-721, holds the ERC-1155 units.
 * On a resume, a token already at `to` (an ERC-721) or units no longer held (an ERC-1155) may be this execution's
 * own transfer: the item keeps its call, so the journal knows it by its bytes and never sends it twice, and a send
 * that was never made is refused by the simulation instead.
 */
export const heldItem = <E>(
  reads: TransferReads<E>,
  from: Address,
  to: Address,
  item: TransferItem,
  resuming: boolean,
): Effect.Effect<HeldItem, E | TransferRefusedError> =>
  Effect.gen(function* () {
    if (yield* reads.supportsInterface(item.contract, ERC721_INTERFACE)) {
      if (item.quantity !== undefined && item.quantity !== 1n)
        return yield* refuse({
          reason: "quantity",
          token: item.token,
          short: "An ERC-721 token is one of a kind: its quantity is 1",
          facts: { Quantity: item.quantity.toString() },
        })
      const owner = (yield* reads.ownerOf(item.contract, item.tokenId))?.toLowerCase()
      const held = owner === from.toLowerCase() || (resuming && owner === to.toLowerCase())
      if (!held)
        return yield* refuse({
          reason: "owner",
          token: item.token,
          short: "The wallet does not own the token it would transfer",
          facts: { Wallet: from, Owner: owner ?? "nobody (the token does not exist)" },
        })
      return { item, standard: "erc721", quantity: 1n }
    }
    if (yield* reads.supportsInterface(item.contract, ERC1155_INTERFACE)) {
      const quantity = item.quantity ?? 1n
      const held = yield* reads.unitsOf(item.contract, from, item.tokenId)
      if (held < quantity && !resuming)
        return yield* refuse({
          reason: "balance",
          token: item.token,
          short: "The wallet holds fewer units of the token than it would transfer",
          facts: { Wallet: from, Held: held.toString(), Asked: quantity.toString() },
        })
      return { item, standard: "erc1155", quantity }
    }
    return yield* refuse({
      reason: "standard",
      token: item.token,
      short: "The token's contract is neither an ERC-721 nor an ERC-1155 (ERC-165)",
    })
  })
