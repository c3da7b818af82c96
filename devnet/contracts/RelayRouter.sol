// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title RelayRouter
/// @notice The devnet's stand-in for Relay's RelayRouterV3 (relayprotocol/relay-periphery), written from its
/// published interface: the solver's destination calls run here as a multicall, so `msg.sender` of each call is
/// the router; ERC-721 and ERC-1155 tokens received during the multicall are forwarded to its `nftRecipient` from
/// the receiver hooks, and leftover native value goes to `refundTo`. Like Relay's, anyone may call `multicall`.
contract RelayRouter {
    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index, bytes returnData);

    /// @dev Transient: only set while a multicall runs, so a hook outside one forwards nothing.
    address transient nftRecipient;

    /// @notice Makes `calls` in order; a failing call reverts everything unless it allows failure.
    function multicall(Call3Value[] calldata calls, address refundTo, address nftRecipient_, bytes calldata)
        external
        payable
        returns (Result[] memory results)
    {
        nftRecipient = nftRecipient_;
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            Call3Value calldata c = calls[i];
            (bool ok, bytes memory data) = c.target.call{value: c.value}(c.callData);
            if (!ok && !c.allowFailure) revert CallFailed(i, data);
            results[i] = Result(ok, data);
        }
        nftRecipient = address(0);
        uint256 left = address(this).balance;
        if (left > 0 && refundTo != address(0)) {
            (bool sent,) = refundTo.call{value: left}("");
            sent;
        }
    }

    /// @notice Forwards a received ERC-721 to the running multicall's `nftRecipient`.
    function onERC721Received(address, address, uint256 tokenId, bytes calldata) external returns (bytes4) {
        if (nftRecipient != address(0)) {
            IRouterErc721(msg.sender).safeTransferFrom(address(this), nftRecipient, tokenId);
        }
        return this.onERC721Received.selector;
    }

    /// @notice Forwards received ERC-1155 tokens to the running multicall's `nftRecipient`.
    function onERC1155Received(address, address, uint256 id, uint256 value, bytes calldata data)
        external
        returns (bytes4)
    {
        if (nftRecipient != address(0)) {
            IRouterErc1155(msg.sender).safeTransferFrom(address(this), nftRecipient, id, value, data);
        }
        return this.onERC1155Received.selector;
    }

    receive() external payable {}
}

interface IRouterErc721 {
    function safeTransferFrom(address from, address to, uint256 tokenId) external;
}

interface IRouterErc1155 {
    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external;
}
