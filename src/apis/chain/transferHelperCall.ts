import { type Address, encodeFunctionData, type Hex, parseAbi } from "viem"
import type { HeldItem } from "./heldItem.js"

/** Seaport's TransferHelper, as its published interface (`TransferHelperInterface`) declares `bulkTransfer`. */
export const transferHelperAbi = parseAbi([
  "struct TransferHelperItem { uint8 itemType; address token; uint256 identifier; uint256 amount; }",
  "struct TransferHelperItemsWithRecipient { TransferHelperItem[] items; address recipient; bool validateERC721Receiver; }",
  "function bulkTransfer(TransferHelperItemsWithRecipient[] items, bytes32 conduitKey) returns (bytes4)",
])

/** Seaport's `ConduitItemType` of each standard a transfer moves. */
const CONDUIT_ITEM_TYPE = { erc721: 2, erc1155: 3 } as const

/**
 * `bulkTransfer` of every item to `to` through the conduit of `conduitKey`, in one transaction: a contract
 * recipient of an ERC-721 is asked `onERC721Received` (the conduit itself moves ERC-721s without asking).
 */
export const transferHelperCall = (items: ReadonlyArray<HeldItem>, to: Address, conduitKey: Hex): Hex =>
  encodeFunctionData({
    abi: transferHelperAbi,
    functionName: "bulkTransfer",
    args: [
      [
        {
          items: items.map(({ item, standard, quantity }) => ({
            itemType: CONDUIT_ITEM_TYPE[standard],
            token: item.contract,
            identifier: item.tokenId,
            amount: quantity,
          })),
          recipient: to,
          validateERC721Receiver: true,
        },
      ],
      conduitKey,
    ],
  })
