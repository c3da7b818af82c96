// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The kinds of item a Seaport conduit moves (seaport-types `ConduitItemType`).
enum ConduitItemType {
    NATIVE,
    ERC20,
    ERC721,
    ERC1155
}

/// @notice One item to move, as Seaport's TransferHelper takes it (`TransferHelperItem`).
struct TransferHelperItem {
    ConduitItemType itemType;
    address token;
    uint256 identifier;
    uint256 amount;
}

/// @notice Items for one recipient (`TransferHelperItemsWithRecipient`).
struct TransferHelperItemsWithRecipient {
    TransferHelperItem[] items;
    address recipient;
    bool validateERC721Receiver;
}

/// @notice One transfer a conduit makes for an open channel (seaport-types `ConduitTransfer`).
struct ConduitTransfer {
    ConduitItemType itemType;
    address token;
    address from;
    address to;
    uint256 identifier;
    uint256 amount;
}

interface IConduit {
    function execute(ConduitTransfer[] calldata transfers) external returns (bytes4 magicValue);
}

interface IConduitController {
    function getConduit(bytes32 conduitKey) external view returns (address conduit, bool exists);
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title A TransferHelper for the devnet, written from Seaport's published `TransferHelperInterface`
///        (seaport `contracts/interfaces/TransferHelperInterface.sol`, `TransferHelperStructs.sol`): moves the
///        caller's tokens through the conduit of `conduitKey`, which the caller has already approved, to each
///        recipient; the conduit must have this contract as an open channel.
contract TransferHelper {
    IConduitController public immutable conduitController;

    error InvalidConduit(bytes32 conduitKey, address conduit);
    error RecipientCannotBeZeroAddress();
    error InvalidERC721TransferAmount(uint256 amount);
    error InvalidItemType();
    error InvalidERC721Recipient(address recipient);
    error ConduitErrorRevertBytes(bytes reason, bytes32 conduitKey, address conduit);

    constructor(address controller) {
        conduitController = IConduitController(controller);
    }

    /// @notice Moves every item of `items` from the caller to its recipient through the conduit of `conduitKey`.
    function bulkTransfer(TransferHelperItemsWithRecipient[] calldata items, bytes32 conduitKey)
        external
        returns (bytes4 magicValue)
    {
        (address conduit, bool exists) = conduitController.getConduit(conduitKey);
        if (!exists) revert InvalidConduit(conduitKey, conduit);
        uint256 count;
        for (uint256 i = 0; i < items.length; i++) {
            count += items[i].items.length;
        }
        ConduitTransfer[] memory transfers = new ConduitTransfer[](count);
        uint256 next;
        for (uint256 i = 0; i < items.length; i++) {
            TransferHelperItemsWithRecipient calldata group = items[i];
            if (group.recipient == address(0)) revert RecipientCannotBeZeroAddress();
            for (uint256 j = 0; j < group.items.length; j++) {
                TransferHelperItem calldata item = group.items[j];
                if (item.itemType == ConduitItemType.NATIVE) revert InvalidItemType();
                if (item.itemType == ConduitItemType.ERC721) {
                    if (item.amount != 1) revert InvalidERC721TransferAmount(item.amount);
                    // The conduit moves ERC-721s with `transferFrom`: a contract recipient is asked here instead.
                    if (group.validateERC721Receiver && group.recipient.code.length > 0) {
                        _checkReceiver(group.recipient, item.identifier);
                    }
                }
                transfers[next++] = ConduitTransfer({
                    itemType: item.itemType,
                    token: item.token,
                    from: msg.sender,
                    to: group.recipient,
                    identifier: item.identifier,
                    amount: item.amount
                });
            }
        }
        try IConduit(conduit).execute(transfers) returns (bytes4 conduitMagic) {
            if (conduitMagic != IConduit.execute.selector) revert InvalidConduit(conduitKey, conduit);
        } catch (bytes memory reason) {
            revert ConduitErrorRevertBytes(reason, conduitKey, conduit);
        }
        return this.bulkTransfer.selector;
    }

    function _checkReceiver(address recipient, uint256 tokenId) private {
        try IERC721Receiver(recipient).onERC721Received(address(this), msg.sender, tokenId, "") returns (bytes4 answer) {
            if (answer != IERC721Receiver.onERC721Received.selector) revert InvalidERC721Recipient(recipient);
        } catch {
            revert InvalidERC721Recipient(recipient);
        }
    }
}
