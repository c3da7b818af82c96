import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, erc721Abi, erc1155Abi, getAddress, type Hex } from "viem"
import { TransferRefusedError } from "../../errors/TransferRefusedError.js"
import type { TradeParams } from "../../schema/TradeRequest.js"
import { type TransferItem, transferItems } from "./transferItems.js"

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
}

/**
 * The `safeTransferFrom` call that moves one item from `from` to `to`, once its standard is read and its hold
 * checked; `undefined` on a resume when the ERC-721 is already at `to` (nothing is left to do for it).
 */
const transferCall = <E>(
  reads: TransferReads<E>,
  from: Address,
  to: Address,
  item: TransferItem,
  resuming: boolean,
): Effect.Effect<Hex | undefined, E | TransferRefusedError> =>
  Effect.gen(function* () {
    if (yield* reads.supportsInterface(item.contract, ERC721_INTERFACE)) {
      if (item.quantity !== undefined && item.quantity !== 1n)
        return yield* Effect.fail(
          TransferRefusedError.of({
            reason: "quantity",
            token: item.token,
            short: "An ERC-721 token is one of a kind: its quantity is 1",
            facts: { Quantity: item.quantity.toString() },
          }),
        )
      const owner = yield* reads.ownerOf(item.contract, item.tokenId)
      if (resuming && owner?.toLowerCase() === to.toLowerCase()) return undefined
      if (owner === undefined || owner.toLowerCase() !== from.toLowerCase())
        return yield* Effect.fail(
          TransferRefusedError.of({
            reason: "owner",
            token: item.token,
            short: "The wallet does not own the token it would transfer",
            facts: { Wallet: from, Owner: owner ?? "nobody (the token does not exist)" },
          }),
        )
      return encodeFunctionData({ abi: erc721Abi, functionName: "safeTransferFrom", args: [from, to, item.tokenId] })
    }
    if (yield* reads.supportsInterface(item.contract, ERC1155_INTERFACE)) {
      const quantity = item.quantity ?? 1n
      const held = yield* reads.unitsOf(item.contract, from, item.tokenId)
      if (held < quantity)
        return yield* Effect.fail(
          TransferRefusedError.of({
            reason: "balance",
            token: item.token,
            short: "The wallet holds fewer units of the token than it would transfer",
            facts: { Wallet: from, Held: held.toString(), Asked: quantity.toString() },
          }),
        )
      return encodeFunctionData({
        abi: erc1155Abi,
        functionName: "safeTransferFrom",
        args: [from, to, item.tokenId, quantity, "0x"],
      })
    }
    return yield* Effect.fail(
      TransferRefusedError.of({
        reason: "standard",
        token: item.token,
        short: "The token's contract is neither an ERC-721 nor an ERC-1155 (ERC-165)",
      }),
    )
  })

/**
 * A transfer planned from the chain alone, for a book with no transfer route of its own: each item's standard read
 * through ERC-165, the wallet's hold of it checked (ERC-721 `ownerOf`, ERC-1155 balance), then one `safeTransferFrom`
 * per item (a recipient contract that cannot take the token reverts in simulation, before any send), in one step
 * that a batching wallet confirms at once and any other one by one. A TransferRefusedError names the item at fault.
 * `resuming` leaves out an ERC-721 already at the recipient, so that a resume settles the transfers it sent and sends
 * the rest (an ERC-1155 send keeps its calldata, so the journal still knows it while the balance allows).
 */
export const transferPlan = <E>(
  reads: TransferReads<E>,
  chainId: number,
  params: TradeParams["transfer"],
  resuming = false,
): Effect.Effect<unknown, E | TransferRefusedError> =>
  Effect.gen(function* () {
    const from = getAddress(params.from)
    const { to, items } = yield* transferItems(params.to, params.items)
    const planned = yield* Effect.forEach(items, (item) =>
      Effect.map(transferCall(reads, from, to, item, resuming), (data) =>
        data === undefined ? [] : [{ contract: item.contract, data }],
      ),
    )
    const calls = planned.flat()
    if (calls.length === 0) return { steps: [] }
    return {
      steps: [
        {
          id: "transfer",
          action: "Confirm transaction in your wallet",
          description: calls.length === 1 ? "Transfer the item" : `Transfer the ${calls.length} items`,
          kind: "transaction",
          items: calls.map(({ contract, data }) => ({
            status: "incomplete",
            data: { from, to: contract, data, chainId },
          })),
        },
      ],
    }
  })
