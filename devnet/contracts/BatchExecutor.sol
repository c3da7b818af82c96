// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC165, IERC721Receiver, IERC1155Receiver} from "./Common.sol";

/// @title BatchExecutor
/// @notice The EIP-7702 delegate of the devnet's batching wallet: an account that delegates its code here runs
/// a batch of calls in one transaction sent to itself, all of them or none.
/// @dev Runs as the delegating account's code, so `address(this)` is that account and its storage is the
/// account's: the contract keeps no state, so nothing can collide with a later delegate's storage.
contract BatchExecutor is IERC165, IERC721Receiver, IERC1155Receiver {
    /// @notice One call of a batch, as EIP-5792's `wallet_sendCalls` lists them.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice `caller` is not the account itself: only the account's own transactions may drive it.
    error Unauthorized(address caller);

    /// @notice Runs every call in order, from the account. The first failing call reverts the whole batch with
    /// that call's own revert data, so a wallet or a dapp sees the same reason as for a single transaction.
    function execute(Call[] calldata calls) external payable {
        // Without this check anyone could spend a delegated account's assets: the delegate's code runs for
        // every caller of the account's address.
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        for (uint256 i = 0; i < calls.length; i++) {
            Call calldata call = calls[i];
            (bool ok, bytes memory result) = call.to.call{value: call.value}(call.data);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }

    /// @dev A delegated account has code, so token contracts ask it before a safe transfer: accept, as the
    /// plain account did.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC1155Receiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC165).interfaceId || interfaceId == type(IERC721Receiver).interfaceId
            || interfaceId == type(IERC1155Receiver).interfaceId;
    }

    /// @dev Plain ether transfers to the account keep working once it is delegated.
    receive() external payable {}
}
