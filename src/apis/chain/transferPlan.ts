import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, erc721Abi, erc1155Abi, getAddress, type Hex } from "viem"
import type { TransferRefusedError } from "../../errors/TransferRefusedError.js"
import type { TradeParams } from "../../schema/TradeRequest.js"
import { type HeldItem, heldItem, type TransferReads } from "./heldItem.js"
import { transferHelperCall } from "./transferHelperCall.js"
import { transferItems } from "./transferItems.js"

/** Seaport's TransferHelper on a chain, with the conduit it moves through. */
export interface TransferHelperRoute {
  readonly address: Address
  readonly conduitKey: Hex
  /** The conduit of `conduitKey`: what the owner must have approved on every contract sent. */
  readonly conduit: Address
}

/** The `safeTransferFrom` that moves one held item from `from` to `to`. */
const safeTransferCall = ({ item, standard, quantity }: HeldItem, from: Address, to: Address): Hex =>
  standard === "erc721"
    ? encodeFunctionData({ abi: erc721Abi, functionName: "safeTransferFrom", args: [from, to, item.tokenId] })
    : encodeFunctionData({
        abi: erc1155Abi,
        functionName: "safeTransferFrom",
        args: [from, to, item.tokenId, quantity, "0x"],
      })

/**
 * Whether one TransferHelper transaction can move all of `held`: the helper is deployed on the chain (a call to an
 * address without code would succeed and move nothing) and `from` approved its conduit on every contract.
 */
const helperMovesAll = <E>(
  reads: TransferReads<E>,
  from: Address,
  held: ReadonlyArray<HeldItem>,
  helper: TransferHelperRoute,
) =>
  Effect.gen(function* () {
    if (!(yield* reads.hasCode(helper.address))) return false
    const contracts = [...new Set(held.map(({ item }) => item.contract))]
    const approvals = yield* Effect.forEach(contracts, (contract) =>
      reads.isApprovedForAll(contract, from, helper.conduit),
    )
    return approvals.every(Boolean)
  })

/**
 * A transfer planned from the chain alone, for a book with no transfer route of its own: each item's standard read
 * through ERC-165 and the wallet's hold of it checked (see heldItem). Several items whose contracts all approve the
 * `helper`'s conduit go in one Seaport TransferHelper `bulkTransfer`, as OpenSea's SDK sends them; otherwise one
 * `safeTransferFrom` per item (a recipient contract that cannot take the token reverts in simulation, before any
 * send), in one step that a batching wallet confirms at once and any other one by one. A TransferRefusedError names
 * the item at fault.
 */
export const transferPlan = <E>(
  reads: TransferReads<E>,
  chainId: number,
  params: TradeParams["transfer"],
  options: { readonly resuming?: boolean | undefined; readonly helper?: TransferHelperRoute | undefined } = {},
): Effect.Effect<unknown, E | TransferRefusedError> =>
  Effect.gen(function* () {
    const from = getAddress(params.from)
    const { to, items } = yield* transferItems(params.to, params.items)
    const held = yield* Effect.forEach(items, (item) => heldItem(reads, from, to, item, options.resuming === true))
    const helper = options.helper
    const bulk = helper !== undefined && held.length > 1 && (yield* helperMovesAll(reads, from, held, helper))
    const calls = bulk
      ? [{ to: helper.address, data: transferHelperCall(held, to, helper.conduitKey) }]
      : held.map((one) => ({ to: one.item.contract, data: safeTransferCall(one, from, to) }))
    return {
      steps: [
        {
          id: "transfer",
          action: "Confirm transaction in your wallet",
          description: bulk
            ? `Transfer the ${held.length} items in one transaction (Seaport's TransferHelper)`
            : held.length === 1
              ? "Transfer the item"
              : `Transfer the ${held.length} items`,
          kind: "transaction",
          items: calls.map((call) => ({ status: "incomplete", data: { from, ...call, chainId } })),
        },
      ],
    }
  })
